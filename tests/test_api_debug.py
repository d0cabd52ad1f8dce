"""Info queue (storage, filters, limits, break-on, logging bridge), ID3D11Debug, queries."""

from __future__ import annotations

import logging
import uuid

import pytest

from pyd3d11.api import D3D11CreateDevice, DebugBreakError, ID3D11Debug, ID3D11InfoQueue, ID3D11Predicate
from pyd3d11.errors import InvalidArgError

ERROR, WARNING, INFO = 1, 2, 3
STATE_CREATION, APP = 5, 0


def dev_at(level=0xB000, flags=0x2):
    return D3D11CreateDevice(None, 1, None, flags, [level], 1, 7)[0]


def queue(dev):
    return dev.QueryInterface(ID3D11InfoQueue)


def test_messages_stored_only_on_debug_devices_but_always_logged(caplog):
    plain = dev_at(flags=0)
    with caplog.at_level(logging.DEBUG, logger="pyd3d11"):
        plain._report(ERROR, STATE_CREATION, 0, "plain device message")
    assert any("plain device message" in r.getMessage() and r.levelno == logging.DEBUG for r in caplog.records)
    assert plain._info_queue.GetNumStoredMessages() == 0
    dev = dev_at()
    q = queue(dev)
    with caplog.at_level(logging.WARNING, logger="pyd3d11"):
        q.AddApplicationMessage(WARNING, "hello")
    assert q.GetNumStoredMessages() == 1
    m = q.GetMessage(0)
    assert (m.Category, m.Severity, m.ID) == (APP, WARNING, 11) and "hello" in m.pDescription
    assert m.DescriptionByteLength == len(m.pDescription.encode()) + 1
    assert any("hello" in r.getMessage() and r.levelno == logging.WARNING for r in caplog.records)
    q.SetMuteDebugOutput(True)
    caplog.clear()
    with caplog.at_level(logging.DEBUG, logger="pyd3d11"):
        q.AddApplicationMessage(ERROR, "quiet")
    assert not caplog.records and q.GetNumStoredMessages() == 2 and q.GetMuteDebugOutput()
    with pytest.raises(InvalidArgError):
        q.GetMessage(2)
    q.ClearStoredMessages()
    assert q.GetNumStoredMessages() == 0


def test_storage_filters_and_stack():
    q = queue(dev_at())
    q.AddStorageFilterEntries(dict(DenyList=dict(NumSeverities=1, pSeverityList=[INFO])))
    q.AddMessage(STATE_CREATION, INFO, 0, "dropped")
    q.AddMessage(STATE_CREATION, ERROR, 0, "kept")
    assert q.GetNumStoredMessages() == 1 and q.GetNumMessagesDeniedByStorageFilter() == 1
    q.PushStorageFilter(dict(AllowList=dict(NumIDs=1, pIDList=[42])))
    assert q.GetStorageFilterStackSize() == 2
    q.AddMessage(STATE_CREATION, ERROR, 41, "not allowed")
    q.AddMessage(STATE_CREATION, ERROR, 42, "allowed")
    assert q.GetNumStoredMessages() == 2 and q.GetStorageFilter().AllowList.pIDList == [42]
    q.PopStorageFilter()
    q.AddMessage(STATE_CREATION, ERROR, 41, "back to the first filter")
    assert q.GetNumStoredMessages() == 3
    q.PushRetrievalFilter(dict(AllowList=dict(NumIDs=1, pIDList=[42])))
    assert q.GetNumStoredMessagesAllowedByRetrievalFilter() == 1 and "allowed" in q.GetMessage(0).pDescription


def test_message_count_limit():
    q = queue(dev_at())
    q.SetMessageCountLimit(2)
    for i in range(5):
        q.AddApplicationMessage(ERROR, f"m{i}")
    assert q.GetNumStoredMessages() == 2 and q.GetNumMessagesDiscardedByMessageCountLimit() == 3
    assert q.GetMessageCountLimit() == 2
    # "new messages coming in will push old messages out" (SetMessageCountLimit): the newest two remain
    assert [q.GetMessage(i).pDescription.split(" [")[0] for i in range(2)] == ["m3", "m4"]


def test_message_count_limit_unlimited_and_shrinking():
    q = queue(dev_at())
    q.SetMessageCountLimit(-1)  # UINT64 -1: no limit
    assert q.GetMessageCountLimit() == 0xFFFFFFFFFFFFFFFF
    for i in range(1100):  # past the default 1024
        q.AddApplicationMessage(ERROR, f"m{i}")
    assert q.GetNumStoredMessages() == 1100 and q.GetNumMessagesDiscardedByMessageCountLimit() == 0
    q.SetMessageCountLimit(10)  # the oldest 1090 are pushed out
    assert q.GetNumStoredMessages() == 10 and q.GetNumMessagesDiscardedByMessageCountLimit() == 1090
    assert q.GetMessage(0).pDescription.startswith("m1090")
    q.SetMessageCountLimit(0)
    q.AddApplicationMessage(ERROR, "gone")
    assert q.GetNumStoredMessages() == 0 and q.GetNumMessagesDiscardedByMessageCountLimit() == 1101


def test_default_message_count_limit_keeps_newest():
    q = queue(dev_at())
    assert q.GetMessageCountLimit() == 1024  # D3D11_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT
    for i in range(1030):
        q.AddApplicationMessage(ERROR, f"m{i}")
    assert q.GetNumStoredMessages() == 1024 and q.GetNumMessagesDiscardedByMessageCountLimit() == 6
    assert q.GetMessage(1023).pDescription.startswith("m1029") and q.GetMessage(0).pDescription.startswith("m6")


def test_break_on_severity_raises_at_the_call():
    dev = dev_at()
    q = queue(dev)
    q.SetBreakOnSeverity(ERROR, True)
    assert q.GetBreakOnSeverity(ERROR)
    with pytest.raises(DebugBreakError) as e:
        dev.CreateBuffer(dict(ByteWidth=0))
    assert "ByteWidth" in str(e.value) and e.value.d3d11_message.Severity == ERROR
    q.SetBreakOnSeverity(ERROR, False)
    q.SetBreakOnID(69, True)  # CREATEBUFFER_INVALIDARG_RETURN
    with pytest.raises(DebugBreakError):
        dev.CreateBuffer(dict(ByteWidth=0))
    q.SetBreakOnID(69, False)
    q.SetBreakOnCategory(APP, True)
    with pytest.raises(DebugBreakError):
        q.AddApplicationMessage(INFO, "stop here")


def test_report_live_objects_lists_names_and_counts():
    dev = dev_at()
    dbg = dev.QueryInterface(ID3D11Debug)
    b = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=1))
    b.SetPrivateData(uuid.UUID("429b8c22-9188-4b0c-8742-acb0bf85c200"), 5, b"verts")
    b.AddRef()
    text = dbg.ReportLiveDeviceObjects(2)
    assert "ID3D11Buffer" in text and "Name: verts" in text and "Refcount: 2" in text
    q = queue(dev)
    assert any("verts" in q.GetMessage(i).pDescription for i in range(q.GetNumStoredMessages()))
    b.Release()
    b.Release()
    assert "verts" not in dbg.ReportLiveDeviceObjects(2)  # released objects are not live
    dbg.SetFeatureMask(0x1)
    assert dbg.GetFeatureMask() == 1


def test_queries():
    dev = dev_at(flags=0)
    sizes = {0: 4, 1: 8, 2: 8, 3: 16, 4: 88, 5: 4, 6: 16, 7: 4, 8: 16, 15: 4}
    for q, size in sizes.items():
        obj = dev.CreateQuery(dict(Query=q))
        assert obj.GetDataSize() == size and obj.GetDesc().Query == q
        assert obj._state == "idle" and obj._data is None
    p = dev.CreatePredicate(dict(Query=5, MiscFlags=1))
    assert isinstance(p, ID3D11Predicate) and p.GetDesc().MiscFlags == 1
    for bad in (dict(Query=16), dict(Query=1, MiscFlags=1), dict(Query=0, MiscFlags=2)):
        with pytest.raises(InvalidArgError):
            dev.CreateQuery(bad)
    with pytest.raises(InvalidArgError):
        dev.CreatePredicate(dict(Query=1))  # OCCLUSION is not a predicate
    with pytest.raises(InvalidArgError):
        dev_at(0x9300, 0).CreateQuery(dict(Query=6))  # SO queries need 10_0
    with pytest.raises(InvalidArgError):
        dev_at(0x9100, 0).CreateQuery(dict(Query=1))  # occlusion needs 9_2
