/* proves: errno.d's constants are predefined with Linux's values, first (EPERM), last of the classic range (ERANGE) and beyond (EWOULDBLOCK is EAGAIN, ETIMEDOUT, ENOTSUP), so `errno == ENOENT` tests read as in DTrace */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d %d\n", EPERM, ENOENT, ESRCH, EINTR, EIO,
	    EBADF, EAGAIN);
	printf("%d %d %d %d\n", EACCES, EEXIST, EINVAL, ERANGE);
	printf("%d %d %d %d\n", EWOULDBLOCK, ETIMEDOUT, ENOTSUP, EHWPOISON);
	exit(0);
}
