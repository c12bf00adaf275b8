/*
 * seed.c: seeds from the command line and from the operating system.
 * The library never looks at the clock or the entropy pool; the program
 * does it once, here, and prints the seed so the battle can be replayed.
 */
#include <fcntl.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>
#include "cli/cli.h"

bool cli_parse_seed(const char *s, uint64_t *out, const char **why)
{
	if (!*s) {
		*why = "it is empty";
		return false;
	}
	if (*s == '-') {
		*why = "it is negative";
		return false;
	}
	uint64_t v = 0;
	for (const char *p = s; *p; p++) {
		if (*p < '0' || *p > '9') {
			*why = "it is not a whole number";
			return false;
		}
		unsigned d = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - d) / 10) {
			*why = "it is too large";
			return false;
		}
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

/* SplitMix64's finaliser: spreads the fallback's few changing bits. */
static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static bool urandom(void *buf, size_t n)
{
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	size_t got = 0;
	while (got < n) {
		ssize_t k = read(fd, (char *)buf + got, n - got);
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	close(fd);
	return got == n;
}

/*
 * Thirty-two bits: four thousand million battles are plenty, and a seed
 * of ten digits or fewer is easy to read out and type back in.
 */
uint64_t cli_os_seed(void)
{
	uint32_t r;
	if (urandom(&r, sizeof(r)))
		return r;
	/* No /dev/urandom (a bare chroot): the clock and the pid will do
	 * for picking a battle; the seed is printed either way. */
	struct timespec ts = { 0, 0 };
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t z = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	return mix64(z ^ ((uint64_t)getpid() << 32)) & 0xffffffffULL;
}
