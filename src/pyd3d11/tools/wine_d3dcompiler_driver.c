/* A batch driver for Microsoft's d3dcompiler_47.dll under Wine (pyd3d11.tools.wine_d3dcompiler).
 *
 * Built with mingw-w64 by the Python client; it loads the DLL named on its command line and serves requests on
 * stdin/stdout in binary: a request is one op byte then length-prefixed fields (u32 little-endian length, bytes);
 * a reply is u32 HRESULT, then the length-prefixed result blob and error/text blob.
 *   'C' compile:     source, source name, entry, target, defines ("N=V\0N=V\0"), u32 flags1, u32 flags2
 *                    (a field whose length is 0xFFFFFFFF is a NULL pointer)
 *   'P' preprocess:  source, source name, defines
 *   'D' disassemble: object, u32 flags, comments ("" = NULL)
 *   'Q' quit
 * Includes use D3D_COMPILE_STANDARD_FILE_INCLUDE, relative to the source name (a Windows path such as Z:\dir\f.hlsl). */
#include <windows.h>
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct BlobVtbl {
    void *query_interface, *add_ref;
    ULONG(__stdcall *Release)(void *);
    void *(__stdcall *GetBufferPointer)(void *);
    SIZE_T(__stdcall *GetBufferSize)(void *);
} BlobVtbl;
typedef struct { BlobVtbl *v; } Blob;
typedef struct { const char *name, *definition; } Macro;
typedef HRESULT(WINAPI *Compile2)(const void *, SIZE_T, const char *, const Macro *, void *, const char *,
                                  const char *, UINT, UINT, UINT, const void *, SIZE_T, Blob **, Blob **);
typedef HRESULT(WINAPI *Preprocess)(const void *, SIZE_T, const char *, const Macro *, void *, Blob **, Blob **);
typedef HRESULT(WINAPI *Disassemble)(const void *, SIZE_T, UINT, const char *, Blob **);

static int read_exact(void *buf, size_t n) { return n == 0 || fread(buf, 1, n, stdin) == n; }
static UINT read_u32(void) { UINT v = 0; if (!read_exact(&v, 4)) exit(0); return v; }
/* a length of 0xFFFFFFFF is a NULL pointer (entry points, names) */
static char *read_field(UINT *len) {
    UINT n = read_u32();
    if (n == 0xFFFFFFFFu) { if (len) *len = 0; return NULL; }
    char *b = malloc(n + 1);
    if (!b || !read_exact(b, n)) exit(0);
    b[n] = 0;
    if (len) *len = n;
    return b;
}
static void write_u32(UINT v) { fwrite(&v, 4, 1, stdout); }
static void write_blob(Blob *b) {
    if (!b) { write_u32(0); return; }
    UINT n = (UINT)b->v->GetBufferSize(b);
    write_u32(n);
    fwrite(b->v->GetBufferPointer(b), 1, n, stdout);
    b->v->Release(b);
}
/* "N=V\0N=V\0" -> a NULL-terminated D3D_SHADER_MACRO array (NULL when empty) */
static Macro *macros(char *text, UINT len) {
    if (!len) return NULL;
    Macro *m = calloc(len + 1, sizeof(Macro));
    int k = 0;
    for (char *p = text; p < text + len; p += strlen(p) + 1) {
        char *eq = strchr(p, '=');
        if (eq) { *eq = 0; m[k].definition = eq + 1; } else m[k].definition = "1";
        m[k++].name = p;
    }
    return m;
}

int main(int argc, char **argv) {
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
    HMODULE dll = LoadLibraryA(argc > 1 ? argv[1] : "d3dcompiler_47.dll");
    if (!dll) { fprintf(stderr, "cannot load %s\n", argc > 1 ? argv[1] : "d3dcompiler_47.dll"); return 2; }
    Compile2 compile2 = (Compile2)GetProcAddress(dll, "D3DCompile2");
    Preprocess preprocess = (Preprocess)GetProcAddress(dll, "D3DPreprocess");
    Disassemble disassemble = (Disassemble)GetProcAddress(dll, "D3DDisassemble");
    void *std_include = (void *)(ULONG_PTR)1; /* D3D_COMPILE_STANDARD_FILE_INCLUDE */
    for (;;) {
        int op = fgetc(stdin);
        if (op == EOF || op == 'Q') return 0;
        Blob *out = NULL, *err = NULL;
        HRESULT hr = E_INVALIDARG;
        if (op == 'C' || op == 'P') {
            UINT src_len, def_len;
            char *src = read_field(&src_len), *name = read_field(NULL);
            char *entry = op == 'C' ? read_field(NULL) : NULL, *target = op == 'C' ? read_field(NULL) : NULL;
            char *defs = read_field(&def_len);
            Macro *m = macros(defs, def_len);
            if (op == 'C') {
                UINT f1 = read_u32(), f2 = read_u32();
                hr = compile2(src, src_len, name, m, std_include, entry, target, f1, f2, 0, NULL, 0, &out, &err);
            } else {
                hr = preprocess(src, src_len, name, m, std_include, &out, &err);
            }
            free(src); free(name); free(entry); free(target); free(defs); free(m);
        } else if (op == 'D') {
            UINT len;
            char *obj = read_field(&len);
            UINT flags = read_u32();
            char *comments = read_field(NULL);
            hr = disassemble(obj, len, flags, comments, &out);
            free(obj); free(comments);
        } else {
            return 3;
        }
        write_u32((UINT)hr);
        write_blob(out);
        write_blob(err);
        fflush(stdout);
    }
}
