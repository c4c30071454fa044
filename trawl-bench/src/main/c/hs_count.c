/*
 * hs_count: the native Hyperscan peer's shim. Java (dev.trawl.bench.peer.HsNative) calls these
 * functions through java.lang.foreign; the per-match callback stays here in C, so a scan with
 * millions of matches measures Hyperscan and not an upcall into Java per match.
 *
 * Built at build time by trawl-bench's pom: cc -O2 -shared -fPIC hs_count.c -lhs -Wl,-rpath,$ORIGIN
 * ($ORIGIN: a libhs.so.5 placed beside the shim is found first, as in the GPU machine's carry).
 *
 * Every scan function scans one block (hs_scan, block mode) of `len` bytes at `data`; Java cuts the
 * input into line-aligned chunks and calls them from its own threads, one scratch per thread.
 * Return values: >= 0 is a match count, < 0 is a Hyperscan error code (HS_SUCCESS is 0).
 */
#include <hs/hs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned long long count;
    long long *buf;          /* record mode: (id << 40 | end) pairs, end relative to data */
    unsigned long long cap;
} trawl_ctx;

static int on_count(unsigned int id, unsigned long long from, unsigned long long to, unsigned int flags, void *c) {
    (void)id; (void)from; (void)to; (void)flags;
    ((trawl_ctx *)c)->count++;
    return 0;
}

static int on_record(unsigned int id, unsigned long long from, unsigned long long to, unsigned int flags, void *c) {
    (void)from; (void)flags;
    trawl_ctx *x = (trawl_ctx *)c;
    if (x->count < x->cap) {
        x->buf[x->count] = (long long)(((unsigned long long)id << 40) | to);
    }
    x->count++; /* past cap: keep counting, Java retries with a buffer this large */
    return 0;
}

/* Compiles literals: `bytes` holds them back to back, literal i is bytes[offsets[i] .. offsets[i+1]).
 * caseless != 0 sets HS_FLAG_CASELESS. On error writes a message into err. */
int trawl_hs_compile_literals(const char *bytes, const unsigned long long *offsets, unsigned int n, int caseless,
                              hs_database_t **db, char *err, size_t errcap) {
    const char **exprs = malloc(sizeof(char *) * n);
    size_t *lens = malloc(sizeof(size_t) * n);
    unsigned int *flags = malloc(sizeof(unsigned int) * n);
    unsigned int *ids = malloc(sizeof(unsigned int) * n);
    if (!exprs || !lens || !flags || !ids) {
        free(exprs); free(lens); free(flags); free(ids);
        strncpy(err, "out of memory", errcap);
        return HS_NOMEM;
    }
    for (unsigned int i = 0; i < n; i++) {
        exprs[i] = bytes + offsets[i];
        lens[i] = (size_t)(offsets[i + 1] - offsets[i]);
        flags[i] = caseless ? HS_FLAG_CASELESS : 0;
        ids[i] = i;
    }
    hs_compile_error_t *cerr = NULL;
    hs_error_t rc = hs_compile_lit_multi(exprs, flags, ids, lens, n, HS_MODE_BLOCK, NULL, db, &cerr);
    if (rc != HS_SUCCESS && cerr) {
        strncpy(err, cerr->message, errcap - 1);
        err[errcap - 1] = 0;
        hs_free_compile_error(cerr);
    }
    free(exprs); free(lens); free(flags); free(ids);
    return rc;
}

/* Compiles regexes: `text` holds n NUL-terminated expressions back to back. `flags` applies to all. */
int trawl_hs_compile_regexes(const char *text, unsigned int n, unsigned int flags, hs_database_t **db, char *err,
                             size_t errcap) {
    const char **exprs = malloc(sizeof(char *) * n);
    unsigned int *fl = malloc(sizeof(unsigned int) * n);
    unsigned int *ids = malloc(sizeof(unsigned int) * n);
    if (!exprs || !fl || !ids) {
        free(exprs); free(fl); free(ids);
        strncpy(err, "out of memory", errcap);
        return HS_NOMEM;
    }
    const char *p = text;
    for (unsigned int i = 0; i < n; i++) {
        exprs[i] = p;
        p += strlen(p) + 1;
        fl[i] = flags;
        ids[i] = i;
    }
    hs_compile_error_t *cerr = NULL;
    hs_error_t rc = hs_compile_multi(exprs, fl, ids, n, HS_MODE_BLOCK, NULL, db, &cerr);
    if (rc != HS_SUCCESS && cerr) {
        /* cerr->expression says which one failed; Java prints it with the message. */
        char head[32];
        snprintf(head, sizeof head, "expression %d: ", cerr->expression);
        strncpy(err, head, errcap - 1);
        err[errcap - 1] = 0;
        strncat(err, cerr->message, errcap - strlen(err) - 1);
        hs_free_compile_error(cerr);
    }
    free(exprs); free(fl); free(ids);
    return rc;
}

int trawl_hs_alloc_scratch(const hs_database_t *db, hs_scratch_t **scratch) {
    return hs_alloc_scratch(db, scratch);
}

void trawl_hs_free_scratch(hs_scratch_t *scratch) {
    hs_free_scratch(scratch);
}

void trawl_hs_free_database(hs_database_t *db) {
    hs_free_database(db);
}

const char *trawl_hs_version(void) {
    return hs_version();
}

/* Counts every match (every end of every pattern) in the block. */
long long trawl_hs_count(const hs_database_t *db, hs_scratch_t *scratch, const char *data, unsigned int len) {
    trawl_ctx c = {0};
    hs_error_t rc = hs_scan(db, data, len, 0, scratch, on_count, &c);
    return rc == HS_SUCCESS ? (long long)c.count : (long long)rc;
}

/* Records up to cap matches as (id << 40 | end); returns how many there were (more than cap: retry). */
long long trawl_hs_record(const hs_database_t *db, hs_scratch_t *scratch, const char *data, unsigned int len,
                          long long *buf, unsigned long long cap) {
    trawl_ctx c = {0};
    c.buf = buf;
    c.cap = cap;
    hs_error_t rc = hs_scan(db, data, len, 0, scratch, on_record, &c);
    return rc == HS_SUCCESS ? (long long)c.count : (long long)rc;
}
