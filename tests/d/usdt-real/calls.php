<?php
function leaf($n) { return $n * 2; }
function middle($n) { $s = 0; for ($i = 0; $i < $n; $i++) { $s += leaf($i); } return $s; }
class Greeter {
	public function hello($who) { return "hello " . $who; }
	public static function make() { return new Greeter(); }
}
$t = 0;
for ($k = 0; $k < 3; $k++) { $t += middle(4); }
$g = Greeter::make();
echo $g->hello("world"), "\n";
echo "total $t\n";
