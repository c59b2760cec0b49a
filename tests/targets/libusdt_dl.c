/*
 * libusdt_dl.c — libusdt_dl.so, loaded by usdtdlopen with dlopen: its
 * lib_usdt_work(i) fires usdtdl:::lib-work(i, -i * 1000000000000) under its
 * is-enabled guard (a semaphore living in the library's own data, at the
 * library's load bias) and returns i * i; lib_usdt_enabled counts the
 * guards that were true. Header from libusdt_dl.d by `udtrace -h`.
 */
#include "libusdt_dl.h"

int lib_usdt_enabled;

__attribute__((noinline)) int lib_usdt_work(int i)
{
	if (USDTDL_LIB_WORK_ENABLED()) {
		lib_usdt_enabled++;
		USDTDL_LIB_WORK(i, -(long)i * 1000000000000L);
	}
	return i * i;
}
