def leaf(n):
    return n * 2

def middle(n):
    s = 0
    for i in range(n):
        s += leaf(i)
    return s

class Greeter:
    def hello(self, who):
        return "hello " + who

t = 0
for k in range(3):
    t += middle(4)
print(Greeter().hello("world"))
print("total", t)
