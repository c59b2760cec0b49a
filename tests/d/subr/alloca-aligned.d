/* proves: alloca() results are 8-byte aligned even after an odd-sized allocation */
#pragma D option quiet
BEGIN
{
	this->a = alloca(3);
	this->b = alloca(5);
	printf("%d %d\n", (uintptr_t)this->a % 8, (uintptr_t)this->b % 8);
	printf("%d\n", (uintptr_t)this->b - (uintptr_t)this->a >= 3);
	exit(0);
}
