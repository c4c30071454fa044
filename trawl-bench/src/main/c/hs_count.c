/*
 * hs_count: the native Hyperscan peer's shim. Java (dev.trawl.bench.peer.HsNative) calls these
 * functions through java.lang.foreign; the per-match callback stays here in C, so a scan with
 * millions of matches measures Hyperscan and not an upcall into Java per match.
 *
 * Built at build time by trawl-bench's pom: cc -O2 -shared -fPIC hs_count.c -lhs -Wl,-rpath,$ORIGIN
 * ($ORIGIN: a libhs.so.5 placed beside the shim is found first, as in the GPU machine's carry).
 *
 * The count and record functions scan one block (hs_scan, block mode) of `len` bytes at `data`; Java cuts
 * the input into line-aligned chunks and calls them from its own threads, one scratch per thread. The
 * per-line functions at the end scan each line of a chunk as a block of its own.
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
 * `flags` (HS_FLAG_*) applies to all: 0, or HS_FLAG_CASELESS (1, so the old caseless != 0 still works),
 * HS_FLAG_SINGLEMATCH, HS_FLAG_SOM_LEFTMOST. On error writes a message into err. */
int trawl_hs_compile_literals(const char *bytes, const unsigned long long *offsets, unsigned int n, unsigned int flags,
                              hs_database_t **db, char *err, size_t errcap) {
    const char **exprs = malloc(sizeof(char *) * n);
    size_t *lens = malloc(sizeof(size_t) * n);
    unsigned int *fl = malloc(sizeof(unsigned int) * n);
    unsigned int *ids = malloc(sizeof(unsigned int) * n);
    if (!exprs || !lens || !fl || !ids) {
        free(exprs); free(lens); free(fl); free(ids);
        strncpy(err, "out of memory", errcap);
        return HS_NOMEM;
    }
    for (unsigned int i = 0; i < n; i++) {
        exprs[i] = bytes + offsets[i];
        lens[i] = (size_t)(offsets[i + 1] - offsets[i]);
        fl[i] = flags;
        ids[i] = i;
    }
    hs_compile_error_t *cerr = NULL;
    hs_error_t rc = hs_compile_lit_multi(exprs, fl, ids, lens, n, HS_MODE_BLOCK, NULL, db, &cerr);
    if (rc != HS_SUCCESS && cerr) {
        strncpy(err, cerr->message, errcap - 1);
        err[errcap - 1] = 0;
        hs_free_compile_error(cerr);
    }
    free(exprs); free(lens); free(fl); free(ids);
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

/* ---- per line: each line its own block ----
 * Line i of the n given is data[starts[i] .. starts[i + 1]), less its final '\n' (starts[n] is where the
 * line after the last would start, or the text's end): the lines of a log column with its offsets, the
 * way Trawl's Records.lines sees them. One hs_scan per line, so no match crosses a line's end and
 * anchors hold at its edges. */

static long long line_length(const char *data, const long long *starts, unsigned int i) {
    long long len = starts[i + 1] - starts[i];
    if (len > 0 && data[starts[i + 1] - 1] == '\n') {
        len--;
    }
    return len;
}

static int on_first_stop(unsigned int id, unsigned long long from, unsigned long long to, unsigned int flags,
                         void *c) {
    (void)id; (void)from; (void)to; (void)flags; (void)c;
    return 1; /* the line matches: stop its scan (hs_scan returns HS_SCAN_TERMINATED) */
}

/* anyMatch: out[i] = 1 when line i holds a match, else 0; each line's scan stops at its first match
 * (compile with HS_FLAG_SINGLEMATCH). Returns the number of matching lines, or a Hyperscan error (< 0). */
long long trawl_hs_lines_any(const hs_database_t *db, hs_scratch_t *scratch, const char *data,
                             const long long *starts, unsigned int n, unsigned char *out) {
    long long matching = 0;
    for (unsigned int i = 0; i < n; i++) {
        hs_error_t rc = hs_scan(db, data + starts[i], (unsigned int)line_length(data, starts, i), 0, scratch,
                                on_first_stop, NULL);
        if (rc != HS_SUCCESS && rc != HS_SCAN_TERMINATED) {
            return rc;
        }
        out[i] = rc == HS_SCAN_TERMINATED;
        matching += out[i];
    }
    return matching;
}

typedef struct {
    unsigned long long start;
    int id;
} first_ctx;

static int on_least_start(unsigned int id, unsigned long long from, unsigned long long to, unsigned int flags,
                          void *c) {
    (void)to; (void)flags;
    first_ctx *x = (first_ctx *)c;
    if (x->id < 0 || from < x->start || (from == x->start && (int)id < x->id)) {
        x->start = from;
        x->id = (int)id;
    }
    return 0;
}

/* firstMatch: out[i] = the id of the pattern whose match starts first in line i (ties to the lowest
 * id), or -1. Every match of the line is seen, each with its leftmost start (compile with
 * HS_FLAG_SOM_LEFTMOST, without HS_FLAG_SINGLEMATCH: the one match single-match mode keeps per pattern
 * is its earliest-ending one, which need not start first). Returns the number of lines with a match,
 * or a Hyperscan error (< 0). */
long long trawl_hs_lines_first(const hs_database_t *db, hs_scratch_t *scratch, const char *data,
                               const long long *starts, unsigned int n, int *out) {
    long long matching = 0;
    for (unsigned int i = 0; i < n; i++) {
        first_ctx c = {0, -1};
        hs_error_t rc = hs_scan(db, data + starts[i], (unsigned int)line_length(data, starts, i), 0, scratch,
                                on_least_start, &c);
        if (rc != HS_SUCCESS) {
            return rc;
        }
        out[i] = c.id;
        matching += c.id >= 0;
    }
    return matching;
}
