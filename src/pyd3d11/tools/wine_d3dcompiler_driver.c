/* A batch driver for Microsoft's d3dcompiler_47.dll under Wine (pyd3d11.tools.wine_d3dcompiler).
 *
 * Built with mingw-w64 by the Python client; it loads the DLL named on its command line and serves requests on
 * stdin/stdout in binary: a request is one op byte then length-prefixed fields (u32 little-endian length, bytes);
 * a reply is u32 HRESULT, then the length-prefixed result blob and error/text blob.
 *   'C' compile:     source, source name, entry, target, defines ("N=V\0N=V\0"), u32 flags1, u32 flags2
 *                    (a field whose length is 0xFFFFFFFF is a NULL pointer)
 *   'P' preprocess:  source, source name, defines
 *   'D' disassemble: object, u32 flags, comments ("" = NULL)
 *   'A' api:         function name, data, u32 size, u32 a, u32 b, extra (see api() below)
 *   'Q' quit
 * Includes use D3D_COMPILE_STANDARD_FILE_INCLUDE, relative to the source name (a Windows path such as Z:\dir\f.hlsl). */
#define COBJMACROS
#define CINTERFACE
#define INITGUID
#include <windows.h>
#include <d3d11shader.h>
#include <fcntl.h>
#include <io.h>
#include <stdarg.h>
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
typedef struct { const void *bytecode; SIZE_T length; } ShaderData;
typedef HRESULT(WINAPI *Compile2)(const void *, SIZE_T, const char *, const Macro *, void *, const char *,
                                  const char *, UINT, UINT, UINT, const void *, SIZE_T, Blob **, Blob **);
typedef HRESULT(WINAPI *Preprocess)(const void *, SIZE_T, const char *, const Macro *, void *, Blob **, Blob **);
typedef HRESULT(WINAPI *Disassemble)(const void *, SIZE_T, UINT, const char *, Blob **);
typedef HRESULT(WINAPI *Reflect)(const void *, SIZE_T, REFIID, void **);
typedef HRESULT(WINAPI *PartFn)(const void *, SIZE_T, UINT, UINT, Blob **);
typedef HRESULT(WINAPI *StripFn)(const void *, SIZE_T, UINT, Blob **);
typedef HRESULT(WINAPI *SetPartFn)(const void *, SIZE_T, UINT, UINT, const void *, SIZE_T, Blob **);
typedef HRESULT(WINAPI *DataFn)(const void *, SIZE_T, Blob **);
typedef HRESULT(WINAPI *CreateBlobFn)(SIZE_T, Blob **);
typedef HRESULT(WINAPI *RegionFn)(const void *, SIZE_T, UINT, const char *, SIZE_T, SIZE_T, SIZE_T *, Blob **);
typedef HRESULT(WINAPI *TraceFn)(const void *, SIZE_T, UINT, SIZE_T, SIZE_T, SIZE_T *, SIZE_T *);
typedef HRESULT(WINAPI *CompressFn)(UINT, ShaderData *, UINT, Blob **);
typedef HRESULT(WINAPI *DecompressFn)(const void *, SIZE_T, UINT, UINT, UINT *, UINT, Blob **, UINT *);

static HMODULE dll;
static int read_exact(void *buf, size_t n) { return n == 0 || fread(buf, 1, n, stdin) == n; }
static UINT read_u32(void) { UINT v = 0; if (!read_exact(&v, 4)) exit(0); return v; }
/* a length of 0xFFFFFFFF is a NULL pointer (entry points, names); 4 KiB of zeros follow the bytes so that a
 * size larger than the field reads zeros, not the heap */
static char *read_field(UINT *len) {
    UINT n = read_u32();
    if (n == 0xFFFFFFFFu) { if (len) *len = 0; return NULL; }
    char *b = calloc(n + 4096, 1);
    if (!b || !read_exact(b, n)) exit(0);
    if (len) *len = n;
    return b;
}
static void write_u32(UINT v) { fwrite(&v, 4, 1, stdout); }
static void write_bytes(const void *p, UINT n) { write_u32(n); fwrite(p, 1, n, stdout); }
static void write_blob(Blob *b) {
    if (!b) { write_u32(0); return; }
    UINT n = (UINT)b->v->GetBufferSize(b);
    write_bytes(b->v->GetBufferPointer(b), n);
    b->v->Release(b);
}
/* "N=V\0N=V\0" -> a NULL-terminated D3D_SHADER_MACRO array (NULL when empty) */
static Macro *macros(char *text, UINT len) {
    if (!len) return NULL;
    Macro *m = calloc(len + 1, sizeof(Macro));
    int k = 0;
    for (char *p = text, *next; p < text + len; p = next) {
        next = p + strlen(p) + 1;  /* (taken before the '=' is cut: the next macro starts after the value) */
        char *eq = strchr(p, '=');
        if (eq) { *eq = 0; m[k].definition = eq + 1; } else m[k].definition = "1";
        m[k++].name = p;
    }
    return m;
}

/* ---- the reflection dump: one "path: fields" line per thing reflection reports ---- */
static char *dump; static size_t dump_len, dump_cap;
static void out(const char *fmt, ...) {
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(dump + dump_len, dump_cap - dump_len, fmt, ap);
        va_end(ap);
        if (n >= 0 && dump_len + n < dump_cap) { dump_len += n; return; }
        dump_cap = dump_cap * 2 + 65536;
        dump = realloc(dump, dump_cap);
    }
}
static const char *str(const char *s) { return s ? s : "(null)"; }
static void hexbytes(const void *p, UINT n) {
    if (!p) { out("null"); return; }
    for (UINT i = 0; i < n; i++) out("%02x", ((const unsigned char *)p)[i]);
}

static void type_line(const char *path, ID3D11ShaderReflectionType *t, int depth) {
    D3D11_SHADER_TYPE_DESC d;
    memset(&d, 0xcd, sizeof d);
    HRESULT hr = t->lpVtbl->GetDesc(t, &d);
    if (FAILED(hr)) { out("%s: hr=%08lx\n", path, (unsigned long)hr); return; }
    out("%s: class=%u type=%u rows=%u columns=%u elements=%u members=%u offset=%u name=%s\n", path, d.Class, d.Type,
        d.Rows, d.Columns, d.Elements, d.Members, d.Offset, str(d.Name));
    if (depth > 8) return;
    char sub[1024];
    for (UINT i = 0; i < d.Members; i++) {
        const char *mn = t->lpVtbl->GetMemberTypeName(t, i);
        ID3D11ShaderReflectionType *m = t->lpVtbl->GetMemberTypeByIndex(t, i);
        snprintf(sub, sizeof sub, "%s.m%u(%s)", path, i, str(mn));
        type_line(sub, m, depth + 1);
        if (mn) {
            ID3D11ShaderReflectionType *byname = t->lpVtbl->GetMemberTypeByName(t, mn);
            out("%s.byname: same=%d isequal=%08lx\n", sub, byname == m, (unsigned long)m->lpVtbl->IsEqual(m, byname));
        }
    }
    ID3D11ShaderReflectionType *bad = t->lpVtbl->GetMemberTypeByIndex(t, d.Members);
    D3D11_SHADER_TYPE_DESC bd;
    out("%s.member[%u]: hr=%08lx name=%s\n", path, d.Members, (unsigned long)bad->lpVtbl->GetDesc(bad, &bd),
        str(t->lpVtbl->GetMemberTypeName(t, d.Members)));
    ID3D11ShaderReflectionType *sub_t = t->lpVtbl->GetSubType(t), *base = t->lpVtbl->GetBaseClass(t);
    UINT ni = t->lpVtbl->GetNumInterfaces(t);
    out("%s.extra: subtype=%s baseclass=%s interfaces=%u isoftype_self=%08lx\n", path, sub_t ? "yes" : "null",
        base ? "yes" : "null", ni, (unsigned long)t->lpVtbl->IsOfType(t, t));
    if (sub_t) { snprintf(sub, sizeof sub, "%s.subtype", path); type_line(sub, sub_t, depth + 1); }
    if (base) { snprintf(sub, sizeof sub, "%s.base", path); type_line(sub, base, depth + 1); }
    for (UINT i = 0; i < ni && i < 16; i++) {
        snprintf(sub, sizeof sub, "%s.interface%u", path, i);
        ID3D11ShaderReflectionType *it = t->lpVtbl->GetInterfaceByIndex(t, i);
        if (it) type_line(sub, it, depth + 1); else out("%s: null\n", sub);
    }
}

static void var_line(const char *path, ID3D11ShaderReflectionVariable *v, ID3D11ShaderReflectionConstantBuffer *cb) {
    D3D11_SHADER_VARIABLE_DESC d;
    memset(&d, 0, sizeof d);
    HRESULT hr = v->lpVtbl->GetDesc(v, &d);
    if (FAILED(hr)) { out("%s: hr=%08lx\n", path, (unsigned long)hr); return; }
    out("%s: name=%s start=%u size=%u flags=%u tex=%d,%u samp=%d,%u default=", path, str(d.Name), d.StartOffset,
        d.Size, d.uFlags, (int)d.StartTexture, d.TextureSize, (int)d.StartSampler, d.SamplerSize);
    hexbytes(d.DefaultValue, d.Size);
    out(" buffer_same=%d slot0=%d\n", v->lpVtbl->GetBuffer(v) == cb, (int)v->lpVtbl->GetInterfaceSlot(v, 0));
    char sub[1024];
    snprintf(sub, sizeof sub, "%s.type", path);
    type_line(sub, v->lpVtbl->GetType(v), 0);
}

static void sig_lines(const char *what, ID3D11ShaderReflection *r, UINT n,
                      HRESULT(STDMETHODCALLTYPE *get)(ID3D11ShaderReflection *, UINT, D3D11_SIGNATURE_PARAMETER_DESC *)) {
    for (UINT i = 0; i <= n; i++) {
        D3D11_SIGNATURE_PARAMETER_DESC p;
        memset(&p, 0, sizeof p);
        HRESULT hr = get(r, i, &p);
        if (FAILED(hr)) { out("%s[%u]: hr=%08lx\n", what, i, (unsigned long)hr); continue; }
        out("%s[%u]: name=%s index=%u register=%d sv=%u component=%u mask=%u rw=%u stream=%u minprecision=%u\n",
            what, i, str(p.SemanticName), p.SemanticIndex, (int)p.Register, p.SystemValueType, p.ComponentType,
            p.Mask, p.ReadWriteMask, p.Stream, p.MinPrecision);
    }
}

static HRESULT reflect_dump(const void *data, SIZE_T size) {
    Reflect reflect = (Reflect)GetProcAddress(dll, "D3DReflect");
    ID3D11ShaderReflection *r = NULL;
    HRESULT hr = reflect(data, size, &IID_ID3D11ShaderReflection, (void **)&r);
    dump_len = 0;
    out("");
    if (FAILED(hr) || !r) return hr;
    D3D11_SHADER_DESC d;
    memset(&d, 0, sizeof d);
    out("GetDesc: hr=%08lx\n", (unsigned long)r->lpVtbl->GetDesc(r, &d));
    out("desc: version=%08x creator=%s flags=%u cbuffers=%u resources=%u inputs=%u outputs=%u\n", d.Version,
        str(d.Creator), d.Flags, d.ConstantBuffers, d.BoundResources, d.InputParameters, d.OutputParameters);
    out("stats: instructions=%u temps=%u temparrays=%u defs=%u dcls=%u texnormal=%u texload=%u texcomp=%u texbias=%u "
        "texgrad=%u float=%u int=%u uint=%u staticflow=%u dynamicflow=%u macro=%u array=%u cut=%u emit=%u\n",
        d.InstructionCount, d.TempRegisterCount, d.TempArrayCount, d.DefCount, d.DclCount,
        d.TextureNormalInstructions, d.TextureLoadInstructions, d.TextureCompInstructions,
        d.TextureBiasInstructions, d.TextureGradientInstructions, d.FloatInstructionCount, d.IntInstructionCount,
        d.UintInstructionCount, d.StaticFlowControlCount, d.DynamicFlowControlCount, d.MacroInstructionCount,
        d.ArrayInstructionCount, d.CutInstructionCount, d.EmitInstructionCount);
    out("stage: gstopology=%u gsmaxvertices=%u inputprimitive=%u patchconstants=%u gsinstances=%u controlpoints=%u "
        "hsoutput=%u hspartitioning=%u domain=%u barriers=%u interlocked=%u texstores=%u\n",
        d.GSOutputTopology, d.GSMaxOutputVertexCount, d.InputPrimitive, d.PatchConstantParameters,
        d.cGSInstanceCount, d.cControlPoints, d.HSOutputPrimitive, d.HSPartitioning, d.TessellatorDomain,
        d.cBarrierInstructions, d.cInterlockedInstructions, d.cTextureStoreInstructions);
    D3D_FEATURE_LEVEL fl = 0;
    HRESULT flhr = r->lpVtbl->GetMinFeatureLevel(r, &fl);
    UINT tx = 0, ty = 0, tz = 0, tt = r->lpVtbl->GetThreadGroupSize(r, &tx, &ty, &tz);
    out("methods: mov=%u movc=%u conversion=%u bitwise=%u gsinputprimitive=%u samplefrequency=%d interfaceslots=%u "
        "minfeaturelevel=%08lx,%x threadgroup=%u,%u,%u,%u requires=%llx\n",
        r->lpVtbl->GetMovInstructionCount(r), r->lpVtbl->GetMovcInstructionCount(r),
        r->lpVtbl->GetConversionInstructionCount(r), r->lpVtbl->GetBitwiseInstructionCount(r),
        r->lpVtbl->GetGSInputPrimitive(r), (int)r->lpVtbl->IsSampleFrequencyShader(r),
        r->lpVtbl->GetNumInterfaceSlots(r), (unsigned long)flhr, fl, tx, ty, tz, tt,
        (unsigned long long)r->lpVtbl->GetRequiresFlags(r));
    char path[1024];
    for (UINT c = 0; c <= d.ConstantBuffers; c++) {
        ID3D11ShaderReflectionConstantBuffer *cb = r->lpVtbl->GetConstantBufferByIndex(r, c);
        D3D11_SHADER_BUFFER_DESC bd;
        memset(&bd, 0, sizeof bd);
        HRESULT bhr = cb->lpVtbl->GetDesc(cb, &bd);
        if (FAILED(bhr)) { out("cb[%u]: hr=%08lx\n", c, (unsigned long)bhr); }
        else {
            out("cb[%u]: name=%s type=%u variables=%u size=%u flags=%u\n", c, str(bd.Name), bd.Type, bd.Variables,
                bd.Size, bd.uFlags);
            ID3D11ShaderReflectionConstantBuffer *byname = r->lpVtbl->GetConstantBufferByName(r, bd.Name);
            out("cb[%u].byname: same=%d\n", c, byname == cb);
        }
        UINT nv = FAILED(bhr) ? 0 : bd.Variables;
        for (UINT v = 0; v <= nv; v++) {
            ID3D11ShaderReflectionVariable *var = cb->lpVtbl->GetVariableByIndex(cb, v);
            snprintf(path, sizeof path, "cb[%u].var[%u]", c, v);
            var_line(path, var, cb);
            D3D11_SHADER_VARIABLE_DESC vd;
            if (v < nv && SUCCEEDED(var->lpVtbl->GetDesc(var, &vd))) {
                ID3D11ShaderReflectionVariable *a = cb->lpVtbl->GetVariableByName(cb, vd.Name);
                ID3D11ShaderReflectionVariable *g = r->lpVtbl->GetVariableByName(r, vd.Name);
                out("%s.byname: cb_same=%d global_same=%d\n", path, a == var, g == var);
            }
        }
        if (c == d.ConstantBuffers) {
            D3D11_SHADER_VARIABLE_DESC vd;
            ID3D11ShaderReflectionVariable *nv0 = cb->lpVtbl->GetVariableByName(cb, "$no such variable");
            out("cb[%u].var(missing): hr=%08lx\n", c, (unsigned long)nv0->lpVtbl->GetDesc(nv0, &vd));
        }
    }
    {
        D3D11_SHADER_BUFFER_DESC bd;
        D3D11_SHADER_VARIABLE_DESC vd;
        ID3D11ShaderReflectionConstantBuffer *cb = r->lpVtbl->GetConstantBufferByName(r, "$no such buffer");
        ID3D11ShaderReflectionConstantBuffer *cbi = r->lpVtbl->GetConstantBufferByIndex(r, d.ConstantBuffers);
        ID3D11ShaderReflectionVariable *gv = r->lpVtbl->GetVariableByName(r, "$no such variable");
        ID3D11ShaderReflectionVariable *cv = cbi->lpVtbl->GetVariableByIndex(cbi, 0);
        out("missing: cb_byname=%08lx same_null_cb=%d var_byname=%08lx same_null_var=%d var_type=",
            (unsigned long)cb->lpVtbl->GetDesc(cb, &bd), cb == cbi, (unsigned long)gv->lpVtbl->GetDesc(gv, &vd), gv == cv);
        type_line("", gv->lpVtbl->GetType(gv), 9);
        out("missing: var_buffer_is_null_cb=%d\n", gv->lpVtbl->GetBuffer(gv) == cbi);
    }
    for (UINT b = 0; b <= d.BoundResources; b++) {
        D3D11_SHADER_INPUT_BIND_DESC bd;
        memset(&bd, 0, sizeof bd);
        HRESULT bhr = r->lpVtbl->GetResourceBindingDesc(r, b, &bd);
        if (FAILED(bhr)) { out("bind[%u]: hr=%08lx\n", b, (unsigned long)bhr); continue; }
        out("bind[%u]: name=%s type=%u point=%u count=%u flags=%u return=%u dimension=%u samples=%d\n", b,
            str(bd.Name), bd.Type, bd.BindPoint, bd.BindCount, bd.uFlags, bd.ReturnType, bd.Dimension,
            (int)bd.NumSamples);
        D3D11_SHADER_INPUT_BIND_DESC bn;
        memset(&bn, 0, sizeof bn);
        HRESULT nhr = r->lpVtbl->GetResourceBindingDescByName(r, bd.Name, &bn);
        out("bind[%u].byname: hr=%08lx equal=%d\n", b, (unsigned long)nhr,
            SUCCEEDED(nhr) && bn.Type == bd.Type && bn.BindPoint == bd.BindPoint && bn.BindCount == bd.BindCount);
    }
    {
        D3D11_SHADER_INPUT_BIND_DESC bn;
        out("bind(missing): hr=%08lx\n", (unsigned long)r->lpVtbl->GetResourceBindingDescByName(r, "$no such", &bn));
    }
    sig_lines("input", r, d.InputParameters, r->lpVtbl->GetInputParameterDesc);
    sig_lines("output", r, d.OutputParameters, r->lpVtbl->GetOutputParameterDesc);
    sig_lines("patch", r, d.PatchConstantParameters, r->lpVtbl->GetPatchConstantParameterDesc);
    r->lpVtbl->Release(r);
    return hr;
}

/* 'A' api: the other d3dcompiler functions, one request each:
 *   name, data (0xFFFFFFFF = NULL), u32 size (0xFFFFFFFF = the field's length), u32 a, u32 b, extra.
 *   D3DReflect                         text = a dump of everything ID3D11ShaderReflection reports (reflect_dump)
 *   D3DGetBlobPart                     a = part, b = flags
 *   D3DStripShader                     a = flags
 *   D3DSetBlobPart                     a = part, b = flags, extra = the part's data
 *   D3DGetInputSignatureBlob / D3DGetOutputSignatureBlob / D3DGetInputAndOutputSignatureBlob / D3DGetDebugInfo
 *   D3DCreateBlob                      a = size
 *   D3DDisassemble                     a = flags, extra = comments (NULL if absent); the size is the request's
 *   D3DDisassembleRegion               a = flags, b = start byte offset, extra = u32 instruction count
 *                                      (blob = listing, text = finish offset as u64)
 *   D3DGetTraceInstructionOffsets      a = flags, b = start index, extra = u32 count (blob = offsets as u64,
 *                                      text = total as u64); count 0xFFFFFFFF passes NULL offsets
 *   D3DCompressShaders                 data = shaders, each length-prefixed; a = flags
 *   D3DDecompressShaders               a = flags, b = start index, extra = u32 count (blob = the shaders,
 *                                      each length-prefixed; text = u32 total count)
 * Another name answers E_NOTIMPL; a name the DLL does not export HRESULT_FROM_WIN32(ERROR_PROC_NOT_FOUND). */
static HRESULT api(const char *name, const char *data, SIZE_T size, UINT a, UINT b, const char *extra, UINT extra_len,
                   Blob **out_blob, Blob **err_blob, void **text, UINT *text_len) {
    static unsigned char scratch[64];
    FARPROC f = GetProcAddress(dll, name);
    *text = NULL; *text_len = 0;
    if (!f) return 0x8007007fL; /* ERROR_PROC_NOT_FOUND */
    UINT e0 = extra && extra_len >= 4 ? *(const UINT *)extra : 0;
    if (!strcmp(name, "D3DReflect")) {
        HRESULT hr = reflect_dump(data, size);
        *text = dump; *text_len = (UINT)dump_len;
        return hr;
    }
    if (!strcmp(name, "D3DGetBlobPart")) return ((PartFn)f)(data, size, a, b, out_blob);
    if (!strcmp(name, "D3DStripShader")) return ((StripFn)f)(data, size, a, out_blob);
    if (!strcmp(name, "D3DSetBlobPart")) return ((SetPartFn)f)(data, size, a, b, extra, extra_len, out_blob);
    if (!strcmp(name, "D3DGetInputSignatureBlob") || !strcmp(name, "D3DGetOutputSignatureBlob")
        || !strcmp(name, "D3DGetInputAndOutputSignatureBlob") || !strcmp(name, "D3DGetDebugInfo"))
        return ((DataFn)f)(data, size, out_blob);
    if (!strcmp(name, "D3DCreateBlob")) return ((CreateBlobFn)f)(a, out_blob);
    if (!strcmp(name, "D3DDisassemble")) return ((Disassemble)f)(data, size, a, extra, out_blob);
    if (!strcmp(name, "D3DDisassembleRegion")) {
        SIZE_T finish = 0;
        HRESULT hr = ((RegionFn)f)(data, size, a, NULL, b, e0, &finish, out_blob);
        memcpy(scratch, &finish, 8);
        *text = scratch; *text_len = 8;
        return hr;
    }
    if (!strcmp(name, "D3DGetTraceInstructionOffsets")) {
        static SIZE_T offsets[65536];
        SIZE_T total = 0;
        UINT n = e0 > 65536 && e0 != 0xFFFFFFFFu ? 65536 : e0;
        HRESULT hr = ((TraceFn)f)(data, size, a, b, n == 0xFFFFFFFFu ? 0 : n, n == 0xFFFFFFFFu ? NULL : offsets, &total);
        memcpy(scratch, &total, 8);
        *text = scratch; *text_len = 8;
        if (SUCCEEDED(hr) && n != 0xFFFFFFFFu) {
            CreateBlobFn create = (CreateBlobFn)GetProcAddress(dll, "D3DCreateBlob");
            SIZE_T m = total < b ? 0 : total - b;
            if (m > n) m = n;
            if (SUCCEEDED(create(m * 8 + 1, out_blob)) && *out_blob)
                memcpy((*out_blob)->v->GetBufferPointer(*out_blob), offsets, m * 8);
        }
        return hr;
    }
    if (!strcmp(name, "D3DCompressShaders")) {
        ShaderData sd[256];
        UINT k = 0;
        for (const char *p = data; data && p + 4 <= data + size && k < 256; k++) {
            UINT n = *(const UINT *)p;
            sd[k].bytecode = p + 4; sd[k].length = n;
            p += 4 + n;
        }
        return ((CompressFn)f)(k, data ? sd : NULL, a, out_blob);
    }
    if (!strcmp(name, "D3DDecompressShaders")) {
        static Blob *shaders[256];
        static UINT total;
        static unsigned char *packed;
        UINT n = e0 > 256 ? 256 : e0;
        total = 0;
        memset(shaders, 0, sizeof shaders);
        HRESULT hr = ((DecompressFn)f)(data, size, n, b, NULL, a, shaders, &total);
        size_t len = 4;
        for (UINT i = 0; i < n; i++) len += 4 + (shaders[i] ? shaders[i]->v->GetBufferSize(shaders[i]) : 0);
        free(packed);
        packed = malloc(len);
        memcpy(packed, &total, 4);
        size_t at = 4;
        for (UINT i = 0; i < n; i++) {
            UINT m = shaders[i] ? (UINT)shaders[i]->v->GetBufferSize(shaders[i]) : 0xFFFFFFFFu;
            memcpy(packed + at, &m, 4); at += 4;
            if (shaders[i]) {
                memcpy(packed + at, shaders[i]->v->GetBufferPointer(shaders[i]), m); at += m;
                shaders[i]->v->Release(shaders[i]);
            }
        }
        *text = packed; *text_len = (UINT)at;
        return hr;
    }
    (void)err_blob;
    return 0x80004001L; /* E_NOTIMPL: a name the driver does not serve */
}

int main(int argc, char **argv) {
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
    dll = LoadLibraryA(argc > 1 ? argv[1] : "d3dcompiler_47.dll");
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
        void *text = NULL;
        UINT text_len = 0;
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
        } else if (op == 'A') {
            UINT len, extra_len;
            char *name = read_field(NULL), *data = read_field(&len);
            UINT size = read_u32(), a = read_u32(), b = read_u32();
            char *extra = read_field(&extra_len);
            hr = api(name ? name : "", data, size == 0xFFFFFFFFu ? len : size, a, b, extra, extra_len, &out, &err,
                     &text, &text_len);
            write_u32((UINT)hr);
            write_blob(out);
            if (text) write_bytes(text, text_len); else write_blob(err);
            fflush(stdout);
            free(name); free(data); free(extra);
            continue;
        } else {
            return 3;
        }
        write_u32((UINT)hr);
        write_blob(out);
        write_blob(err);
        fflush(stdout);
    }
}
