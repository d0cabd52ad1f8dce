"""Resource-object methods per type and target, against d3dcompiler_47 10.1.

``tests/data/object_methods_fxc10_1.json`` holds programs calling every method form (Load with and without offset /
status / sample index, Sample*, Gather*, CalculateLevelOfDetail*, GetSamplePosition, subscripts, .mips / .sample,
raw loads, IncrementCounter) on 16 object types at ps_4_0, ps_4_1, ps_5_0, vs_5_0 and cs_5_0, each with the first
error number Microsoft's compiler gave (recorded under Wine, session 35; 'ok' where it compiles).

Asserted: the verdict of every row (a Load with a status argument below shader model 5, which fxc accepts when the
status is never read and refuses in its validator when it is, was a stated difference until session 36 SEM built
it; a ByteAddressBuffer's too since session 37 OBJ); and the error
number of the rule families built from these records — a method the type does not have (X3088, with fxc's spelling
of the type), a Gather channel select below 5.0 (X3535), gather4 / gather4_c / lod below their model and comparison
sampling of a Texture1DArray / Texture2DArray at 4.0 (X4532).
"""

import json
from pathlib import Path

import pytest
from fxc_record_helpers import first_error

DATA = json.loads((Path(__file__).with_name("data") / "object_methods_fxc10_1.json").read_text())
ROWS = DATA["rows"]
STATUS_BELOW_5 = "Load_status"
#: the X4532 rows whose number this compiler gives: the method gates built from these records
X4532_FORMS = ("Gather", "GatherRed_off", "GatherCmp", "GatherCmpRed", "CalcLOD", "CalcLODUnclamped", "SampleCmp",
               "SampleCmpLevelZero")


def test_the_record_spans_the_matrix():
    assert len(ROWS) == 1412
    assert {r[1] for r in ROWS} == {"ps_4_0", "ps_4_1", "ps_5_0", "vs_5_0", "cs_5_0"}
    assert sum(r[2] == "X3088" for r in ROWS) > 900


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,target,fxc,form", ROWS, ids=[f"{i}-{r[3]}-{r[1]}" for i, r in enumerate(ROWS)])
def test_object_method_as_fxc(src: str, target: str, fxc: str, form: str):
    ours = first_error(src, target)
    assert (ours == "ok") == (fxc == "ok"), (ours, fxc)
    if fxc in ("X3088", "X3535") or (fxc == "X4532" and form in X4532_FORMS):
        if fxc == "X3088" and ours != "X3088":
            # the target's own gates (a UAV in a 4.x pixel shader, a sample instruction outside a pixel shader)
            # still answer before the method's existence here: fxc checks the method first
            pytest.xfail(f"fxc's X3088 comes before our {ours}")
        assert ours == fxc
