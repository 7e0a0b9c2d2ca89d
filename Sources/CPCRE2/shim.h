#ifndef PUREFORM_CPCRE2_SHIM_H
#define PUREFORM_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

/* PCRE2_UNSET and PCRE2_ZERO_TERMINATED do not import into Swift (they overflow Int). */
static inline size_t cpcre2_unset(void) { return PCRE2_UNSET; }

#endif
