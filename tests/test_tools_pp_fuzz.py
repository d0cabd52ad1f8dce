"""tools/pp_fuzz.py, the preprocessor fuzzer judged by d3dcompiler_47: its programs are deterministic per seed and
reach every directive family the issue names, and its comparison classifies each measure (the DLL itself is not
needed: the reference answers below are written by hand in the DLL's form)."""

from __future__ import annotations

from pyd3d11.tools import pp_fuzz


def test_programs_are_deterministic_and_are_shaders():
    for seed in (0, 1, 17, 500):
        src = pp_fuzz.generate(seed)
        assert src == pp_fuzz.generate(seed)
        assert "float4 main() : SV_Target" in src and src.count("{") >= 1


def test_programs_reach_each_directive_family():
    text = "".join(pp_fuzz.generate(seed) for seed in range(300))
    for form in ("#define", "#undef", "#if ", "#elif", "#else", "#endif", "#ifdef", "#ifndef", "#line", "#pragma",
                 "#include", "#error", "#@", "##", "defined", "\\\n", "/*"):
        assert form in text, form


def test_ours_answers_a_valid_shader():
    mine = pp_fuzz.ours("#define O 1\nfloat4 main() : SV_Target { return O; }\n", "C:\\f\\t.hlsl")
    assert mine["pp_ok"] and mine["c_ok"] and mine["text"].startswith('#line 1 "C:\\\\f\\\\t.hlsl"')


def test_compare_classifies_each_measure():
    ref = {"pp_ok": True, "text": "a  b \n", "pp_msgs": "", "c_ok": False, "c_msgs": "t(1,1): error X3000: x\n"}
    same = dict(ref)
    assert all(pp_fuzz.compare(same, ref).values())
    spaced = dict(ref, text="a b \n", c_msgs="t(1,1): error X3004: y\n")
    res = pp_fuzz.compare(spaced, ref)
    assert res["text"] is False and res["tokens"] is True and res["compile error"] is False
    assert res["compile verdict"] and res["pp hr"] and res["pp error"]
    failed = dict(ref, pp_ok=False, text="", pp_msgs="t(1,1): error X1518: z\n")
    res = pp_fuzz.compare(failed, ref)
    assert res["pp hr"] is False and res["pp error"] is False and "text" not in res


def test_the_second_grammar_is_deterministic_keeps_the_first_and_reaches_its_forms():
    from pyd3d11.tools import pp_fuzz_v2

    assert pp_fuzz.generate(20000) == pp_fuzz._Gen(20000).program()  # (the first grammar's seeds keep their programs)
    assert pp_fuzz_v2.generate2(7) == pp_fuzz_v2.generate2(7) != pp_fuzz.generate(7)
    text = "".join(pp_fuzz_v2.generate2(seed) for seed in range(300))
    for form in ('#include "sub/d.h"', '#include "../up.h"', "#include INC", "#line 0X10", "#line 5 x",
                 "#pragma warning(disable: 3206 3556)", '#pragma message("a" "b")', "#define sin(x)", "DEFF(",
                 "'ab'", "18446744073709551617", "#ifdef O1\n1\n#else", "__LINE__\n"):
        assert form in text, form


def test_the_second_grammar_writes_its_include_tree(tmp_path):
    from pyd3d11.tools import pp_fuzz_v2

    src = pp_fuzz_v2.write_files(str(tmp_path))
    assert src == str(tmp_path / "src" / "t.hlsl")
    assert (tmp_path / "src" / "sub" / "d.h").read_text() == pp_fuzz_v2.INCLUDE_FILES_V2["sub/d.h"]
    assert (tmp_path / "up.h").read_text() == pp_fuzz_v2.UP_FILE
