# proves: a generated program of 5000 clauses compiles and runs, each clause firing once, well within the time limit
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
{
	echo 'BEGIN { n = 0; }'
	i=0
	while [ $i -lt 5000 ]; do
		echo "BEGIN /n == $i/ { n++; }"
		i=$((i + 1))
	done
	printf '%s\n' 'BEGIN { printf("%d clauses fired\n", n); exit(0); }'
} >"$tmp/big.d"
"$UDTRACE" -q -s "$tmp/big.d"
echo "status $?"
