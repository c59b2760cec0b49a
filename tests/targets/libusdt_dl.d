/*
 * libusdt_dl.d — the provider of libusdt_dl.so, a library the usdtdlopen
 * target loads with dlopen: its probes and semaphore exist in a process
 * only after the dlopen. Header by `udtrace -h`.
 */
provider usdtdl {
	probe lib__work(int, long);
};
