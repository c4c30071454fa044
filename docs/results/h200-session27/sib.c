// Which of this machine's vCPUs share a physical core? Pins a busy loop (four independent integer
// chains, so it wants a core's whole issue width) to vCPU 0, and one more copy to vCPU k, and
// prints vCPU 0's rate against its rate alone. A sibling roughly halves it.
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <stdatomic.h>

static atomic_int stop;
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static void pin(int cpu) { cpu_set_t s; CPU_ZERO(&s); CPU_SET(cpu, &s); pthread_setaffinity_np(pthread_self(), sizeof s, &s); }
static unsigned long spin(void) {
  unsigned long a = 1, b = 2, c = 3, d = 4, n = 0;
  while (!atomic_load_explicit(&stop, memory_order_relaxed)) {
    for (int i = 0; i < 1000; i++) { a = a * 3 + b; b = b * 5 + c; c = c * 7 + d; d = d * 9 + a; a ^= b >> 3; b ^= c >> 5; c ^= d >> 7; d ^= a >> 11; }
    n += 1000;
  }
  return n + (a ^ b ^ c ^ d) % 2;
}
static void *other(void *arg) { pin((int)(long) arg); spin(); return NULL; }
static double measure(int k) {
  pthread_t t; atomic_store(&stop, 0);
  if (k >= 0) pthread_create(&t, NULL, other, (void *)(long) k);
  struct timespec w = {0, 20000000}; nanosleep(&w, NULL);
  pin(0);
  double t0 = now();
  unsigned long n = 0;
  atomic_int *s = &stop;
  // run for 0.3 s on vCPU 0
  pthread_t self = pthread_self(); (void) self;
  unsigned long a = 1, b = 2, c = 3, d = 4;
  while (now() - t0 < 0.3) {
    for (int i = 0; i < 1000; i++) { a = a * 3 + b; b = b * 5 + c; c = c * 7 + d; d = d * 9 + a; a ^= b >> 3; b ^= c >> 5; c ^= d >> 7; d ^= a >> 11; }
    n += 1000;
  }
  double rate = n / (now() - t0) + (double)((a ^ b ^ c ^ d) % 2) * 1e-9;
  atomic_store(s, 1);
  if (k >= 0) pthread_join(t, NULL);
  return rate;
}
// "all": the busy loop on every vCPU at once, each one's rate against vCPU 0's alone (a lower clock
// with every core busy, or a host that lends some vCPUs less, shows here).
static double rates[256];
static void *timed(void *arg) {
  int k = (int)(long) arg; pin(k);
  unsigned long a = 1, b = 2, c = 3, d = 4, n = 0;
  double t0 = now();
  while (now() - t0 < 0.5) {
    for (int i = 0; i < 1000; i++) { a = a * 3 + b; b = b * 5 + c; c = c * 7 + d; d = d * 9 + a; a ^= b >> 3; b ^= c >> 5; c ^= d >> 7; d ^= a >> 11; }
    n += 1000;
  }
  rates[k] = n / (now() - t0) + (double)((a ^ b ^ c ^ d) % 2) * 1e-9;
  return NULL;
}
int main(int argc, char **argv) {
  int cpus = argc > 1 ? atoi(argv[1]) : 16;
  if (argc > 2) {
    double alone = measure(-1);
    pthread_t t[256];
    for (int k = 0; k < cpus; k++) pthread_create(&t[k], NULL, timed, (void *)(long) k);
    for (int k = 0; k < cpus; k++) pthread_join(t[k], NULL);
    printf("all %d busy, each against vCPU 0 alone:", cpus);
    for (int k = 0; k < cpus; k++) printf(" %.2f", rates[k] / alone);
    printf("\n");
    return 0;
  }
  double alone = measure(-1);
  printf("vCPU 0 alone: %.1f M iterations/s\n", alone / 1e6);
  for (int k = 1; k < cpus; k++) printf("with vCPU %2d busy: %.2f of alone\n", k, measure(k) / alone);
  printf("alone again: %.2f of first\n", measure(-1) / alone);
  return 0;
}
