"""``python -m pyd3d11.tools.real_corpora [--corpus NAME ...] [--mirror DIR] [-v]``

Compiles public D3D11 shader sets exactly as their own build scripts compile them, reading every source
(and every ``#include``) at run time from a git mirror of the project — nothing of them is part of this
repository. The build scripts are the projects' ``CompileShaders.cmd``-style batch files: each ``fxc``
command line they run (``set fxc=%PCFXC% "%1.fx" %FXCOPTS% /T%2_4_0 /E%3 ...`` inside a ``:CompileShader``
label, instantiated by every ``call :CompileShader%1 File stage Entry``; or a command written out in the main
body) is expanded as cmd.exe expands it for the PC build (``%1`` of the script empty), then parsed by
:func:`pyd3d11.tools.fxc.parse_args` into profile, entry, ``/D`` defines and flags (``/WX /Ges /Zpc /Zi``
→ D3DCOMPILE_*). ``#include`` is resolved by an ID3DInclude over the mirror (the including file's folder first,
then the compiled file's, as fxc searches).

Visual Studio projects build their shaders from ``<FxCompile Include=…>`` items (:func:`vcxproj_jobs`): the
Release|x64 configuration's ShaderType, ShaderModel (the item's, else the project's ItemDefinitionGroup or an
imported property sheet's), entry point, defines and include folders, as MSBuild's FXC task passes them to fxc;
``$(Name)`` MSBuild properties are expanded (:func:`msbuild_properties`). NVIDIA's ShaderBuildTool custom builds
(:func:`shader_build_tool_jobs`) and the Direct3D 12 samples' ``D3DCompileFromFile`` calls (:func:`runtime_jobs`)
are read too; AMD's batch files and ShaderCache samples are :mod:`pyd3d11.tools.real_corpora_amd`.

``-j N`` compiles in N worker processes. Corpora (:data:`CORPORA`): ``dxtk`` (microsoft/DirectXTK Src/Shaders),
``dxtex`` (microsoft/DirectXTex: the GPU BC6H/BC7 compressor and DDSView), ``atg`` (microsoft/Xbox-ATG-Samples, the
Direct3D 11 PC samples), ``atg12`` (the same repository's Direct3D 12 PC samples' fxc items, shader model 5.1
included), ``dxtk12``, ``uwp`` (Windows universal samples), ``miniengine`` and ``d3d12samples``
(DirectX-Graphics-Samples as of 2018), ``faceworks`` and ``hbaoplus`` (NVIDIA GameWorks), and the AMD GPUOpen
``forwardplus11``, ``tiledlighting11``, ``gpuparticles11``, ``shadowfx``, ``geometryfx``, ``depthoffieldfx``,
``tressfx31``. Prints one line per failing compile and ``N/M as fxc`` per corpus; exit code 1 when any fails.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from pyd3d11.tools.fxc import parse_args, split_response
from pyd3d11.tools.sdk_samples import Job as _SdkJob
from pyd3d11.tools.sdk_samples import compile_outcome

MIRROR = Path("/work/.mirror")


@dataclass(frozen=True)
class Job(_SdkJob):
    include_dirs: tuple[str, ...] = ()  #: fxc's /I folders (repository paths)


@dataclass(frozen=True)
class Corpus:
    name: str
    repo: str  #: owner+name, the mirror folder
    scripts: tuple[str, ...] = ()  #: the build scripts, paths in the repository
    #: a regular expression over the repository's paths naming the Visual Studio projects whose FxCompile
    #: items are compiled (:func:`vcxproj_jobs`)
    projects: str | None = None
    #: the FxCompile ShaderModel values built (fxc's models: 5.1 only where the corpus asks for it, since
    #: Direct3D 11 itself runs up to 5.0 and a 5.1 object can only be compiled and reflected)
    models: str = r"^(4\.0|4\.1|5\.0)(_level_9_[13])?$"
    #: sequential fxc batch files (GPUOpen-Effects ``fxc_compile_*.bat``; :func:`real_corpora_amd.batch_jobs`)
    batches: tuple[str, ...] = ()
    #: an AMD::ShaderCache sample of :data:`real_corpora_amd.SHADER_CACHE` (its run-time compiles)
    cache: str | None = None
    sbt: tuple[str, ...] = ()  #: Visual Studio projects whose ShaderBuildTool custom builds are compiled
    runtime: str | None = None  #: C++ files (a regular expression) whose D3DCompileFromFile calls are read
    rev: str = "HEAD"  #: the commit read (a tag where the fxc-built version is not the newest)


_AMD_LIB = ("amd_lib/shared/d3d11/src/Shaders/build/fxc_compile_fullscreen_pass.bat",
            "amd_lib/shared/d3d11/src/Shaders/build/fxc_compile_unit_cube.bat")
CORPORA: dict[str, Corpus] = {c.name: c for c in (
    Corpus("dxtk", "microsoft+DirectXTK", ("Src/Shaders/CompileShaders.cmd",)),
    Corpus("dxtex", "microsoft+DirectXTex", ("DirectXTex/Shaders/CompileShaders.cmd", "DDSView/hlsl.cmd")),
    # the PC samples for Direct3D 11 (the *PC12 folders are Direct3D 12, shader model 5.1/6: not built)
    Corpus("atg", "microsoft+Xbox-ATG-Samples", projects=r"^PCSamples/.*(?<!12)/[^/]+\.vcxproj$"),
    # the same repository's Direct3D 12 PC samples: their fxc items, 5.1 included (6.x items are DXC's)
    Corpus("atg12", "microsoft+Xbox-ATG-Samples", projects=r"^PCSamples/.*PC12/[^/]+\.vcxproj$",
           models=r"^(4\.0|4\.1|5\.0|5\.1)$"),
    # DirectX Tool Kit for Direct3D 12: its PC build compiles every effect with fxc for shader model 5.1 (root
    # signatures in HLSL); the dxil/xbox labels are other builds
    Corpus("dxtk12", "microsoft+DirectXTK12", ("Src/Shaders/CompileShaders.cmd",)),
    # the Windows universal samples' Direct3D 11 projects (holographic, 360 video, the DirectX game samples)
    Corpus("uwp", "microsoft+Windows-universal-samples", projects=r"^Samples/[^/]+/cpp(winrt)?/(.*/)?[^/]+\.vcxproj$"),
    # MiniEngine as of 2018 (the last fxc build: ShaderModel 5.0 and ShaderType Compute from the VS15.props sheet;
    # later commits build it with DXC, shader model 6)
    Corpus("miniengine", "microsoft+DirectX-Graphics-Samples", projects=r"^MiniEngine/.*_VS15\.vcxproj$",
           rev="5c4ed29ba009327953ae17444eea02da821bef14"),
    # the same commit's Direct3D 12 desktop samples that compile at run time (D3DCompileFromFile, shader model 5.0)
    Corpus("d3d12samples", "microsoft+DirectX-Graphics-Samples", runtime=r"^Samples/Desktop/.*\.cpp$",
           rev="5c4ed29ba009327953ae17444eea02da821bef14"),
    # AMD GPUOpen (tools/real_corpora_amd): run-time ShaderCache compiles and fxc batch files
    Corpus("forwardplus11", "GPUOpen-LibrariesAndSDKs+ForwardPlus11", cache="forwardplus11"),
    Corpus("tiledlighting11", "GPUOpen-LibrariesAndSDKs+TiledLighting11", cache="tiledlighting11"),
    Corpus("gpuparticles11", "GPUOpen-LibrariesAndSDKs+GPUParticles11", cache="gpuparticles11"),
    # the GPUOpen-Effects libraries' fxc batch files (the committed /Fh headers their C++ includes); amd_lib is the
    # shared fullscreen-pass and unit-cube shaders each library links
    Corpus("shadowfx", "GPUOpen-Effects+ShadowFX", batches=(
        "amd_shadowfx/src/Shaders/build/fxc_compile_all_filtering.bat", *_AMD_LIB), cache="shadowfx_sample"),
    Corpus("geometryfx", "GPUOpen-Effects+GeometryFX", batches=(
        "amd_geometryfx/src/Shaders/build/fxc_compile_geometryfx_all.bat", *_AMD_LIB), cache="geometryfx_sample"),
    Corpus("depthoffieldfx", "GPUOpen-Effects+DepthOfFieldFX", batches=(
        "amd_depthoffieldfx/src/Shaders/build/fxc_compile_depthoffieldfx_all.bat", *_AMD_LIB),
           cache="depthoffieldfx_sample"),
    # NVIDIA FaceWorks: the Direct3D 11 sample and LUT generator's FxCompile items (the VS 2015 projects)
    Corpus("faceworks", "NVIDIAGameWorks+FaceWorks", projects=r"^samples/build/vs2015/[^/]+\.vcxproj$"),
    # NVIDIA HBAO+: the Direct3D 11 shader project's ShaderBuildTool permutations
    Corpus("hbaoplus", "NVIDIAGameWorks+HBAOPlus", sbt=("build/platforms/vs2015/GFSDK_SSAO_Shaders_D3D11.vcxproj",)),
    # TressFX 3.1.1, the last Direct3D 11 release (4.x is Direct3D 12 with shader model 6, DXC's)
    Corpus("tressfx31", "GPUOpen-Effects+TressFX", rev="v3.1.1", batches=(
        "amd_tressfx/src/Shaders/build/fxc_compile_tressfx_all.bat", *_AMD_LIB), cache="tressfx31_viewer"),
)}


def git_dir(mirror: Path, repo: str) -> Path:
    """The git directory of a mirror: ``repo`` itself when bare, else its ``.git``."""
    bare = mirror / repo / "repo"
    return bare if (bare / "HEAD").is_file() else bare / ".git"


def normpath(path: str) -> str:
    """A repository path with ``\\`` as ``/`` and ``.``/``..`` folded (an include or a script may climb out of
    its folder)."""
    parts: list[str] = []
    for p in path.replace("\\", "/").split("/"):
        if p in ("", "."):
            continue
        if p == "..":
            if parts:
                parts.pop()
        else:
            parts.append(p)
    return "/".join(parts)


class GitTree:
    """Files of one commit of a bare git mirror (``git show HEAD:path``), cached."""

    def __init__(self, git_dir: Path, rev: str = "HEAD") -> None:
        self.git_dir = Path(git_dir)
        self.rev = rev
        self._cache: dict[str, bytes | None] = {}
        self._names: dict[str, str] | None = None

    def exists(self) -> bool:
        return (self.git_dir / "HEAD").is_file()

    def names(self) -> list[str]:
        """Every file path of the commit, sorted."""
        if self._names is None:
            out = subprocess.run(["git", "--git-dir", str(self.git_dir), "ls-tree", "-r", "--name-only", self.rev],
                                 capture_output=True, check=True).stdout.decode("utf-8", "replace")
            self._names = {n.lower(): n for n in out.splitlines()}
        return sorted(self._names.values())

    def _lookup(self, path: str) -> str | None:
        """The stored spelling of ``path`` (Windows sources include case-insensitively)."""
        self.names()
        assert self._names is not None
        return self._names.get(path.lower())

    def read(self, path: str) -> bytes | None:
        norm = normpath(path)
        if norm not in self._cache:
            real = self._lookup(norm)
            data = None
            if real is not None:
                data = subprocess.run(["git", "--git-dir", str(self.git_dir), "show", f"{self.rev}:{real}"],
                                      capture_output=True, check=True).stdout
            self._cache[norm] = data
        return self._cache[norm]


class GitInclude:
    """ID3DInclude over a :class:`GitTree`: the folder of the file holding the ``#include`` (known from the data
    this handler returned for it; the compiled file's folder for the source itself), then the compiled file's."""

    def __init__(self, tree: GitTree, source_path: str, include_dirs: tuple[str, ...] = ()) -> None:
        self.tree = tree
        self.base = str(PurePosixPath(source_path).parent)
        self.include_dirs = include_dirs  #: /I folders (repository paths), searched after the two above
        self.folders: dict[int, str] = {}

    def Open(self, IncludeType: int, pFileName: str, pParentData: Any) -> bytes:  # noqa: N802,N803
        first = self.folders.get(id(pParentData)) if pParentData is not None else None
        for d in dict.fromkeys([first or self.base, self.base, *self.include_dirs]):
            path = f"{d}/{pFileName}" if d not in ("", ".") else pFileName
            data = self.tree.read(path)
            if data is not None:
                self.folders[id(data)] = str(PurePosixPath(path.replace("\\", "/")).parent)
                return data
        raise FileNotFoundError(pFileName)

    def Close(self, pData: Any) -> None:  # noqa: N802,N803
        self.folders.pop(id(pData), None)


_SET = re.compile(r"^\s*set\s+([A-Za-z_]\w*)=(.*)$", re.I)
_CALL = re.compile(r"^\s*call\s+:(\S+)(.*)$", re.I)
_LABEL = re.compile(r"^\s*:([A-Za-z_]\w*)\s*$")


def expand_names(text: str, env: dict[str, str]) -> str:
    """cmd.exe's expansion of ``%NAME%`` (the script's variables; an unknown name stays as written)."""
    return re.sub(r"%([A-Za-z_]\w*)%", lambda m: env.get(m.group(1).upper(), m.group(0)), text)


def _expand(text: str, args: list[str], env: dict[str, str]) -> str:
    """cmd.exe's expansion of ``%1``..``%9`` (the call's arguments) and ``%NAME%`` (the script's variables)."""
    text = expand_names(text, env)
    return re.sub(r"%([0-9])", lambda m: args[int(m.group(1))] if int(m.group(1)) < len(args) else "", text)


def script_jobs(tree: GitTree, script: str) -> list[Job]:
    """Every PC fxc compile of one build script, in the script's order (see the module docstring)."""
    raw = tree.read(script)
    if raw is None:
        raise FileNotFoundError(script)
    lines = raw.decode("utf-8", "replace").splitlines()
    folder = str(PurePosixPath(script).parent)
    labels: dict[str, list[str]] = {}
    body: list[str] = []  # lines outside every called label
    current: list[str] = body
    called = {m.group(1).lower().replace("%1", "") for ln in lines if (m := _CALL.match(ln))}
    for ln in lines:
        m = _LABEL.match(ln)
        if m:
            name = m.group(1).lower()
            current = labels.setdefault(name, []) if name in called else body
            continue
        current.append(ln)
    env: dict[str, str] = {}
    for ln in body:  # the variables the fxc lines use (the first FXCOPTS etc.; the fxc path is a marker)
        m = _SET.match(ln)
        if m and m.group(1).upper() not in env and "%PCFXC%" not in m.group(2).upper():
            env[m.group(1).upper()] = m.group(2)
    env["PCFXC"] = "%PCFXC%"
    jobs: list[Job] = []

    def command(line: str, args: list[str]) -> None:
        m = _SET.match(line)
        if not m or not m.group(2).upper().lstrip('"').startswith("%PCFXC%"):
            return
        text = _expand(m.group(2), args, env)
        argv = split_response(text)[1:]  # the first word is fxc itself
        opts = parse_args(argv)
        path = f"{folder}/{opts['file']}" if folder not in ("", ".") else opts["file"]
        dirs = tuple(_join(folder, d) for d in opts["I"])
        jobs.append(Job(path, opts["E"], opts["T"], tuple(opts["D"]), opts["flags"], include_dirs=dirs))

    for ln in body:
        c = _CALL.match(ln)
        if c:
            label = c.group(1).lower().replace("%1", "")  # the PC build: the script's %1 is empty
            args = [label] + c.group(2).split()
            for sub in labels.get(label, []):
                command(sub, args)
        else:
            command(ln, [script])
    return jobs


_MSBUILD = "{http://schemas.microsoft.com/developer/msbuild/2003}"
#: FxCompile ShaderType -> the profile's stage
_SHADER_TYPES = {"Vertex": "vs", "Pixel": "ps", "Geometry": "gs", "Hull": "hs", "Domain": "ds", "Compute": "cs",
                 "Effect": "fx"}
#: FxCompile boolean metadata -> the fxc option MSBuild's FXC task passes when it is true
_FXC_BOOLS = {"TreatWarningAsError": "WX", "DisableOptimizations": "Od", "EnableDebuggingInformation": "Zi",
              "AllResourcesBound": "all_resources_bound",
              "EnableUnboundedDescriptorTables": "enable_unbounded_descriptor_tables"}
CONFIG = "Release|x64"


def _applies(el: Any) -> bool:
    cond = el.get("Condition")
    return cond is None or f"=='{CONFIG}'" in cond.replace(" ", "")


def _metadata(el: Any) -> dict[str, str]:
    return {c.tag.replace(_MSBUILD, ""): (c.text or "").strip() for c in el if _applies(c)}


def _join(folder: str, rel: str) -> str:
    rel = rel.strip().replace("\\", "/")
    if rel.startswith("/"):  # from the repository's root (msbuild_properties)
        return rel.lstrip("/")
    return f"{folder}/{rel}" if folder not in ("", ".") else rel


_ABOVE = re.compile(r"\$\(\[MSBuild\]::GetDirectoryNameOfFileAbove\(\s*([^,()]*)\s*,\s*([^()]+?)\s*\)\)")


def msbuild_properties(tree: GitTree, text: str, known: dict[str, str], here: str) -> str:
    """MSBuild's expansion of ``$(Name)`` in ``text`` (Microsoft Learn "MSBuild properties"): a property the
    project or an imported sheet defined before (``known``), the reserved ``$(MSBuildThisFileDirectory)`` /
    ``$(MSBuildProjectDirectory)`` (``here``, the folder of the file being read), and the property function
    ``$([MSBuild]::GetDirectoryNameOfFileAbove(folder, file))`` — the nearest folder at or above ``folder``
    holding ``file`` (empty when none). Any other reference (the toolset's, the environment's) is left as it
    stands. A folder it yields starts with ``/``: a path from the repository's root (:func:`_join` keeps it)."""
    def above(m: re.Match) -> str:
        start, name = normpath(m.group(1).replace("\\", "/")), m.group(2).strip("'\"")
        parts = start.split("/") if start else []
        while True:
            if tree.read("/".join([*parts, name])) is not None:
                return "/" + "/".join(parts)
            if not parts:
                return ""
            parts.pop()

    for _ in range(8):  # properties defined through other properties
        before = text
        text = re.sub(r"\$\((MSBuildThisFileDirectory|MSBuildProjectDirectory)\)", lambda m: f"/{here}/", text)
        text = re.sub(r"\$\(([A-Za-z_][\w.]*)\)", lambda m: known.get(m.group(1), m.group(0)), text)
        text = _ABOVE.sub(above, text)
        if text == before:
            break
    return text


def vcxproj_jobs(tree: GitTree, project: str, models: str = Corpus.models) -> list[Job]:
    """The FxCompile items of one project for :data:`CONFIG`, as fxc command lines (see the module docstring).
    An item without a ShaderType, excluded from the build, or of a shader model ``models`` does not match is
    left out."""
    import xml.etree.ElementTree as ET

    from pyd3d11.tools.fxc import FLAG_OPTIONS

    raw = tree.read(project)
    if raw is None:
        raise FileNotFoundError(project)
    root = ET.fromstring(raw.decode("utf-8-sig", "replace"))
    folder = str(PurePosixPath(project).parent)
    defaults: dict[str, str] = {}
    props: dict[str, str] = {}

    def _properties(text: str, known: dict[str, str], here: str) -> str:
        return msbuild_properties(tree, text, known, here)

    def definitions(node: Any, here: str, depth: int = 0) -> None:
        """FxCompile item definitions in MSBuild's evaluation order: the document's, an ``<Import>``ed property
        sheet's where the import stands (a path relative to the importing file; one naming an MSBuild property,
        ``$(VCTargetsPath)`` etc., is the toolset's or the user's and is not read), a later one overriding."""
        for el in node:
            tag = el.tag.replace(_MSBUILD, "")
            if not _applies(el):
                continue
            if tag == "ImportGroup":
                definitions(el, here, depth)
            elif tag == "Import" and "$(" not in el.get("Project", "$(") and depth < 8:
                sheet = normpath(_join(here, el.get("Project")))
                data = tree.read(sheet)
                if data is not None:
                    definitions(ET.fromstring(data.decode("utf-8-sig", "replace")), str(PurePosixPath(sheet).parent),
                                depth + 1)
            elif tag == "PropertyGroup":
                for prop in el:
                    if _applies(prop):
                        props[prop.tag.replace(_MSBUILD, "")] = _properties((prop.text or "").strip(), props, here)
            elif tag == "ItemDefinitionGroup":
                for fx in el:
                    if fx.tag.replace(_MSBUILD, "").lower() == "fxcompile" and _applies(fx):
                        defaults.update(_metadata(fx))

    definitions(root, folder)
    jobs: list[Job] = []
    for item in root.iter(f"{_MSBUILD}FxCompile"):
        if item.get("Include") is None:
            continue
        meta = {**defaults, **_metadata(item)}
        stage = _SHADER_TYPES.get(meta.get("ShaderType", ""))
        model = meta.get("ShaderModel", "4.0")
        if stage is None or meta.get("ExcludedFromBuild", "").lower() == "true" or \
                not re.match(models, model) or (stage == "fx" and model != "5.0"):
            continue
        defines = []
        for d in meta.get("PreprocessorDefinitions", "").split(";"):
            d = d.strip()
            if d and not d.startswith("%("):
                n, _, v = d.replace('\\"', '"').partition("=")  # \" is a quote on fxc's command line
                defines.append((n, v or "1"))
        flags = 0
        for key, opt in _FXC_BOOLS.items():
            if meta.get(key, "").lower() == "true":
                flags |= FLAG_OPTIONS[opt]
        dirs = tuple(normpath(_join(folder, msbuild_properties(tree, d, props, folder)))
                     for d in meta.get("AdditionalIncludeDirectories", "").split(";")
                     if d.strip() and not d.strip().startswith("%(") and "$(" not in msbuild_properties(tree, d, props, folder))
        path = normpath(_join(folder, msbuild_properties(tree, item.get("Include"), props, folder)))
        jobs.append(Job(path, meta.get("EntryPointName") or "main",
                        f"{stage}_{model.replace('.', '_')}", tuple(defines), flags, include_dirs=dirs))
    return jobs


_SBT = re.compile(r"ShaderBuildTool\.exe\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)")


def shader_build_tool_jobs(tree: GitTree, project: str) -> list[Job]:
    """NVIDIA's ShaderBuildTool (HBAO+): each ``<CustomBuild>`` item of the project runs, for :data:`CONFIG`
    (MSBuild compares the condition's strings case-insensitively), ``ShaderBuildTool.exe profile input entry
    outdir compile.bat API``. The tool (build/tools/ShaderBuildTool) reads the input's lines that start with
    ``#permutation NAME v1 v2 …`` and compiles every combination of the values (the first line varying slowest)
    through the batch file: its ``set FXC_CMD_LINE=…`` with ``%SBT_PROFILE%``, ``%SBT_INPUT%``,
    ``%SBT_ENTRY_POINT%`` and ``%SBT_DEFINES%`` (``/DAPI_<API>=1`` then ``/DNAME=value`` per permutation) filled
    in; paths are relative to the project's folder."""
    import itertools
    import xml.etree.ElementTree as ET

    raw = tree.read(project)
    if raw is None:
        raise FileNotFoundError(project)
    folder = str(PurePosixPath(project).parent)
    jobs: list[Job] = []
    for item in ET.fromstring(raw.decode("utf-8-sig", "replace")).iter(f"{_MSBUILD}CustomBuild"):
        for cmd in item.iter(f"{_MSBUILD}Command"):
            if f"=='{CONFIG.lower()}'" not in (cmd.get("Condition") or "").replace(" ", "").lower():
                continue
            m = _SBT.search(cmd.text or "")
            if not m:
                continue
            profile, source, entry, _, script, api = m.groups()
            source = normpath(_join(folder, source))
            perms = [line.split()[1:] for line in (tree.read(source) or b"").decode("latin-1").splitlines()
                     if line.startswith("#permutation ") and len(line.split()) > 1]
            text = (tree.read(normpath(_join(folder, script))) or b"").decode("latin-1")
            line = next(ln for ln in text.splitlines() if ln.lstrip("@").lower().startswith("set fxc_cmd_line="))
            for values in itertools.product(*[p[1:] for p in perms]):
                defines = " ".join([f"/DAPI_{api}=1", *(f"/D{p[0]}={v}" for p, v in zip(perms, values, strict=True))])
                env = {"SBT_PROFILE": profile, "SBT_INPUT": source, "SBT_ENTRY_POINT": entry, "SBT_DEFINES": defines,
                       "SBT_VARIABLE_NAME": "g", "SBT_OUTPUT": "out.h"}
                opts = parse_args(split_response(_expand(line.split("=", 1)[1], [], env)))
                jobs.append(Job(source, opts["E"], opts["T"], tuple(opts["D"]), opts["flags"]))
    return jobs


_RUNTIME_CALL = re.compile(r'D3DCompileFromFile\(\s*GetAssetFullPath\(L"([^"]+)"\)\.c_str\(\)\s*,\s*nullptr\s*,\s*nullptr\s*,'
                           r'\s*"(\w+)"\s*,\s*"(\w+)"\s*,\s*compileFlags\b')
_COMPILE_FLAGS = re.compile(r"UINT\s+compileFlags\s*=\s*([^;]+);")


def runtime_jobs(tree: GitTree, pattern: str) -> list[Job]:
    """The Direct3D 12 samples' run-time compiles: ``D3DCompileFromFile(GetAssetFullPath(L"file").c_str(),
    nullptr, nullptr, "entry", "target", compileFlags, …)`` in the C++ files matching ``pattern``, the file
    next to the C++ (the build copies it beside the executable). ``compileFlags`` is the Release build's: the
    last ``UINT compileFlags = …;`` of the file (its ``#else`` branch after ``#if defined(_DEBUG)``)."""
    from pyd3d11.headers import d3dcompiler_types as D

    jobs: list[Job] = []
    for name in tree.names():
        if not re.search(pattern, name):
            continue
        text = (tree.read(name) or b"").decode("latin-1")
        calls = _RUNTIME_CALL.findall(text)
        if not calls:
            continue
        flags = 0
        for word in (_COMPILE_FLAGS.findall(text) or ["0"])[-1].split("|"):
            word = word.strip()
            flags |= int(word, 0) if word[:1].isdigit() else getattr(D, word)
        folder = str(PurePosixPath(name).parent)
        jobs.extend(Job(f"{folder}/{f}", e, t, (), flags) for f, e, t in calls)
    return jobs


def corpus_jobs(corpus: Corpus, mirror: Path = MIRROR) -> tuple[GitTree, list[Job]]:
    from pyd3d11.tools import real_corpora_amd as amd

    tree = GitTree(git_dir(mirror, corpus.repo), corpus.rev)
    jobs = [j for s in corpus.scripts for j in script_jobs(tree, s)]
    for b in corpus.batches:
        jobs.extend(j for j in amd.batch_jobs(tree, b) if j not in jobs)  # scripts sharing a library: once
    if corpus.cache:
        jobs.extend(amd.shader_cache_jobs(tree, amd.SHADER_CACHE[corpus.cache]))
    for p in corpus.sbt:
        jobs.extend(shader_build_tool_jobs(tree, p))
    if corpus.runtime:
        jobs.extend(runtime_jobs(tree, corpus.runtime))
    if corpus.projects:
        for name in tree.names():
            if re.search(corpus.projects, name):
                jobs.extend(vcxproj_jobs(tree, name, corpus.models))
    return tree, jobs


def compile_job(tree: GitTree, job: Job) -> str | None:
    """None when the compile succeeds with no warning text (the scripts pass /WX), else the error."""
    from pyd3d11.shader.compile_api import D3DCompile

    src = tree.read(job.path)
    if src is None:
        return f"missing {job.path}"
    include = GitInclude(tree, job.path, job.include_dirs)
    return compile_outcome(lambda errors: D3DCompile(src, len(src), job.path, list(job.defines), include,
                                                     job.entry, job.target, job.flags, 0, errors))


_WORKER: dict[tuple[str, str], tuple[GitTree, list[Job]]] = {}


def _compile_index(args: tuple[str, str, int]) -> str | None:
    """One job of a corpus in a worker process (``-j N``); the corpus is read once per process."""
    name, mirror, index = args
    if (name, mirror) not in _WORKER:
        _WORKER[(name, mirror)] = corpus_jobs(CORPORA[name], Path(mirror))
    tree, jobs = _WORKER[(name, mirror)]
    return compile_job(tree, jobs[index])


def main(argv: list[str]) -> int:
    names = [a.split("=", 1)[1] for a in argv if a.startswith("--corpus=")]
    names += [argv[i + 1] for i, a in enumerate(argv) if a == "--corpus" and i + 1 < len(argv)]
    mirror = next((Path(argv[i + 1]) for i, a in enumerate(argv) if a == "--mirror" and i + 1 < len(argv)), MIRROR)
    workers = next((int(argv[i + 1]) for i, a in enumerate(argv) if a == "-j" and i + 1 < len(argv)), 1)
    verbose = "-v" in argv
    bad = 0
    for name in names or list(CORPORA):
        corpus = CORPORA[name]
        tree, jobs = corpus_jobs(corpus, mirror) if git_dir(mirror, corpus.repo).is_dir() else (None, [])
        if tree is None:
            print(f"{name}: no mirror at {mirror / corpus.repo}")
            continue
        if workers > 1:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(workers) as pool:
                errors = list(pool.map(_compile_index, [(name, str(mirror), i) for i in range(len(jobs))],
                                       chunksize=4))
        else:
            errors = (compile_job(tree, job) for job in jobs)
        failed = 0
        for job, err in zip(jobs, errors, strict=False):
            if err:
                failed += 1
                print(f"FAIL {name} {job.name()}: {err}", flush=True)
            elif verbose:
                print(f"ok   {name} {job.name()}", flush=True)
        print(f"{name}: {len(jobs) - failed}/{len(jobs)} as fxc", flush=True)
        bad += failed
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
