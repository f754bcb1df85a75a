-- Wireshark dissector for Aspen: the VNet header, control messages, RDP (with the sender state and
-- the ACC window-setting notification) and Aspen capture metadata (docs/capture.md).
--
--   wireshark -X lua_script:tools/wireshark/aspen.lua lab.pcapng
--   tshark -X lua_script:tools/wireshark/aspen.lua -r lab.pcapng -T fields -e aspen.src -e aspen.rdp.seq
--
-- Registered on LINKTYPE_USER0 (147, Wireshark's "USER 0" encapsulation: what Aspen's pcapng writer
-- uses), on UDP ports 7001-7009 (preference aspen.udp_ports), as a heuristic dissector on UDP (live
-- captures of real VNet traffic on other ports) and for "Decode As" on UDP ports. Layouts follow docs/wire-format.md and docs/rdp.md; all integers big-endian.

local aspen = Proto("aspen", "Aspen VNet")
local rdp = Proto("aspen_rdp", "Aspen RDP")
local ctl = Proto("aspen_ctl", "Aspen VNet control")

local PROTOS = { [0] = "control", [1] = "RDP", [2] = "raw", [3] = "AA message" }
local ECN = { [0] = "Not-ECT", [1] = "ECT(1)", [2] = "ECT(0)", [3] = "CE" }
local ACNS = { [0] = "none", [1] = "freeze", [2] = "fallback", [3] = "reserved" }

local f = aspen.fields
f.version = ProtoField.uint8("aspen.version", "Version")
f.flags = ProtoField.uint8("aspen.flags", "Flags", base.HEX)
f.ecn = ProtoField.uint8("aspen.ecn", "ECN", base.DEC, ECN, 0xC0)
f.aecn = ProtoField.bool("aspen.aecn", "AECN (AntiECN may increase)", 8, nil, 0x20)
f.acns = ProtoField.uint8("aspen.acns", "ACNS command", base.DEC, ACNS, 0x18)
f.has_spec = ProtoField.bool("aspen.has_spec", "AA spec present", 8, nil, 0x04)
f.has_auth = ProtoField.bool("aspen.has_auth", "Authentication trailer present", 8, nil, 0x02)
f.auth_version = ProtoField.uint8("aspen.auth.version", "Trailer version")
f.auth_maclen = ProtoField.uint8("aspen.auth.mac_length", "MAC length")
f.auth_key = ProtoField.uint16("aspen.auth.key_id", "Key id")
f.auth_signer = ProtoField.ipv4("aspen.auth.signer", "Signer")
f.auth_counter = ProtoField.uint64("aspen.auth.counter", "Counter")
f.auth_mac = ProtoField.bytes("aspen.auth.mac", "HMAC-SHA256 (truncated)")
f.ttl = ProtoField.uint8("aspen.ttl", "TTL")
f.proto = ProtoField.uint8("aspen.proto", "Protocol", base.DEC, PROTOS)
f.src = ProtoField.ipv4("aspen.src", "Source")
f.dst = ProtoField.ipv4("aspen.dst", "Destination")
f.prio = ProtoField.uint8("aspen.prio", "Priority", base.DEC, nil, 0x3F)
f.aecn_ttl = ProtoField.uint8("aspen.aecn_syn_ttl", "AECN-SYN TTL")
f.paylen = ProtoField.uint16("aspen.paylen", "Payload length")
f.crc = ProtoField.uint32("aspen.crc", "CRC32C", base.HEX)
f.spec_name = ProtoField.string("aspen.spec.name", "AA name")
f.spec_version = ProtoField.string("aspen.spec.version", "AA version")
f.spec_digest = ProtoField.bytes("aspen.spec.digest", "AA SHA-256")
f.raw_sport = ProtoField.uint16("aspen.raw.sport", "Raw source port")
f.raw_dport = ProtoField.uint16("aspen.raw.dport", "Raw destination port")
f.payload = ProtoField.bytes("aspen.payload", "Payload")
f.meta_node = ProtoField.string("aspen.meta.node", "Captured at node")
f.meta_link = ProtoField.string("aspen.meta.link", "Link")
f.meta_dir = ProtoField.string("aspen.meta.dir", "Direction")
f.meta_action = ProtoField.string("aspen.meta.action", "Action")
f.meta_to = ProtoField.string("aspen.meta.to", "Forwarded to link")
f.meta_by = ProtoField.string("aspen.meta.by", "By")
f.meta_reason = ProtoField.string("aspen.meta.reason", "Drop reason")

local c = ctl.fields
local CTYPES = { [1] = "HELLO", [2] = "LSA", [3] = "LSA_ACK", [4] = "ECHO_REQUEST", [5] = "ECHO_REPLY",
                 [6] = "DEST_UNREACHABLE", [7] = "TTL_EXCEEDED" }
c.type = ProtoField.uint8("aspen.ctl.type", "Type", base.DEC, CTYPES)
c.code = ProtoField.uint8("aspen.ctl.code", "Code")
c.count = ProtoField.uint16("aspen.ctl.count", "Count")
c.neighbour = ProtoField.ipv4("aspen.ctl.neighbour", "Neighbour")
c.origin = ProtoField.ipv4("aspen.ctl.lsa.origin", "LSA origin")
c.lsa_seq = ProtoField.uint32("aspen.ctl.lsa.seq", "LSA sequence")
c.lifetime = ProtoField.uint32("aspen.ctl.lsa.lifetime_ms", "Remaining lifetime (ms)")
c.cost = ProtoField.uint32("aspen.ctl.lsa.cost", "Cost")
c.echo_id = ProtoField.uint16("aspen.ctl.echo.id", "Identifier")
c.echo_seq = ProtoField.uint32("aspen.ctl.echo.seq", "Sequence")
c.echo_ts = ProtoField.uint64("aspen.ctl.echo.timestamp_ns", "Origin timestamp (ns)")
c.quote_len = ProtoField.uint16("aspen.ctl.quote_len", "Quote length")
c.quote = ProtoField.bytes("aspen.ctl.quote", "Quoted packet")

local r = rdp.fields
r.version = ProtoField.uint8("aspen.rdp.version", "Version")
r.flags = ProtoField.uint8("aspen.rdp.flags", "Flags", base.HEX)
r.syn = ProtoField.bool("aspen.rdp.flags.syn", "SYN", 8, nil, 0x80)
r.ack_f = ProtoField.bool("aspen.rdp.flags.ack", "ACK", 8, nil, 0x40)
r.eak = ProtoField.bool("aspen.rdp.flags.eak", "EAK", 8, nil, 0x20)
r.rst = ProtoField.bool("aspen.rdp.flags.rst", "RST", 8, nil, 0x10)
r.nul = ProtoField.bool("aspen.rdp.flags.nul", "NUL", 8, nil, 0x08)
r.ntf = ProtoField.bool("aspen.rdp.flags.ntf", "NTF (window-setting notification)", 8, nil, 0x04)
r.cwr = ProtoField.bool("aspen.rdp.flags.cwr", "CWR", 8, nil, 0x02)
r.ece = ProtoField.bool("aspen.rdp.flags.ece", "ECE", 8, nil, 0x01)
r.hlen = ProtoField.uint16("aspen.rdp.hlen", "Header length")
r.sport = ProtoField.uint16("aspen.rdp.sport", "Source port")
r.dport = ProtoField.uint16("aspen.rdp.dport", "Destination port")
r.dlen = ProtoField.uint16("aspen.rdp.dlen", "Data length")
r.parts = ProtoField.uint8("aspen.rdp.parts", "Parts", base.HEX)
r.part_state = ProtoField.bool("aspen.rdp.parts.state", "Sender state present", 8, nil, 0x01)
r.part_crc = ProtoField.bool("aspen.rdp.parts.checksum", "Checksum present", 8, nil, 0x02)
r.aecn = ProtoField.uint8("aspen.rdp.aecn", "AntiECN bits", base.HEX)
r.aecn_echo = ProtoField.bool("aspen.rdp.aecn.echo", "ECHO (answers a segment that carried the VNet AECN bit)", 8, nil, 0x01)
r.aecn_path = ProtoField.bool("aspen.rdp.aecn.path", "PATH (AECN-SYN TTL matched: the path is AntiECN-capable)", 8, nil, 0x02)
r.seq = ProtoField.uint32("aspen.rdp.seq", "Sequence number")
r.ack = ProtoField.uint32("aspen.rdp.ack", "Acknowledgement number")
r.crc = ProtoField.uint32("aspen.rdp.checksum", "CRC32C", base.HEX)
r.max_out = ProtoField.uint16("aspen.rdp.syn.max_outstanding", "Max outstanding segments")
r.max_seg = ProtoField.uint16("aspen.rdp.syn.max_segment", "Max segment size")
r.syn_opts = ProtoField.uint8("aspen.rdp.syn.options", "Options", base.HEX)
r.sequenced = ProtoField.bool("aspen.rdp.syn.sequenced", "Sequenced delivery", 8, nil, 0x01)
r.ecn_cap = ProtoField.bool("aspen.rdp.syn.ecn", "ECN capable", 8, nil, 0x02)
r.aecn_cap = ProtoField.bool("aspen.rdp.syn.aecn", "AntiECN", 8, nil, 0x04)
r.acns_cap = ProtoField.bool("aspen.rdp.syn.acns", "ACNS", 8, nil, 0x08)
r.acns_echo = ProtoField.uint8("aspen.rdp.acns_echo", "ACNS echo", base.DEC, ACNS, 0x0C)
r.part_advice = ProtoField.bool("aspen.rdp.parts.advice", "Rate advice present (ACC-ABCD)", 8, nil, 0x80)
r.adv_seq = ProtoField.uint32("aspen.rdp.advice.seq", "Advice sequence number")
r.adv_size = ProtoField.uint16("aspen.rdp.advice.segment_size", "Segment size (bytes)")
r.adv_life = ProtoField.uint16("aspen.rdp.advice.lifetime_ms", "Lifetime (ms)")
r.adv_pace = ProtoField.uint32("aspen.rdp.advice.pace", "Pace (bytes/s)")
r.adv_avail = ProtoField.uint32("aspen.rdp.advice.available", "Available bandwidth (bit/s)")
r.cwnd = ProtoField.double("aspen.rdp.state.cwnd", "cwnd (packets)")
r.ssthresh = ProtoField.double("aspen.rdp.state.ssthresh", "ssthresh (packets)")
r.phase = ProtoField.uint8("aspen.rdp.state.phase", "Phase", base.DEC,
    { [0] = "slow start", [1] = "congestion avoidance", [2] = "recovery" })
r.srtt = ProtoField.uint32("aspen.rdp.state.srtt_us", "Smoothed RTT (us)")
r.ntf_seq = ProtoField.uint32("aspen.rdp.ntf.seq", "Notified sequence number")
r.ntf_cwnd = ProtoField.double("aspen.rdp.ntf.window", "Window (packets)")
r.ntf_ssthresh = ProtoField.double("aspen.rdp.ntf.ssthresh", "ssthresh (packets)")
r.ntf_delete = ProtoField.uint16("aspen.rdp.ntf.delete_count", "Delete count")
r.ntf_flags = ProtoField.uint8("aspen.rdp.ntf.flags", "Notification flags", base.HEX)
r.ntf_window_only = ProtoField.bool("aspen.rdp.ntf.window_only", "WINDOW_ONLY (resend nothing)", 8, nil, 0x01)
r.eack = ProtoField.uint32("aspen.rdp.eack", "EACKed sequence number")
r.data = ProtoField.bytes("aspen.rdp.data", "Data")

local function fixed16(range)
    return range:uint() / 65536.0
end

local function dissect_control(tvb, pinfo, root)
    local len = tvb:len()
    if len < 2 then return end
    local t = root:add(ctl, tvb())
    local ty = tvb(0, 1):uint()
    t:add(c.type, tvb(0, 1))
    t:add(c.code, tvb(1, 1))
    local name = CTYPES[ty] or ("type " .. ty)
    pinfo.cols.info:append(" " .. name)
    if (ty == 1 or ty == 2) and len >= 4 then
        t:add(c.count, tvb(2, 2))
        local k = tvb(2, 2):uint()
        if ty == 1 then
            for i = 0, k - 1 do
                if 4 + 4 * i + 4 > len then break end
                t:add(c.neighbour, tvb(4 + 4 * i, 4))
            end
        elseif len >= 16 then
            t:add(c.origin, tvb(4, 4))
            t:add(c.lsa_seq, tvb(8, 4))
            t:add(c.lifetime, tvb(12, 4))
            pinfo.cols.info:append(" origin=" .. tostring(tvb(4, 4):ipv4()) .. " seq=" .. tvb(8, 4):uint())
            for i = 0, k - 1 do
                local o = 16 + 8 * i
                if o + 8 > len then break end
                local adj = t:add(c.neighbour, tvb(o, 4))
                adj:add(c.cost, tvb(o + 4, 4))
            end
        end
    elseif ty == 3 and len >= 12 then
        t:add(c.origin, tvb(4, 4))
        t:add(c.lsa_seq, tvb(8, 4))
    elseif (ty == 4 or ty == 5) and len >= 16 then
        t:add(c.echo_id, tvb(2, 2))
        t:add(c.echo_seq, tvb(4, 4))
        t:add(c.echo_ts, tvb(8, 8))
        pinfo.cols.info:append(" id=" .. tvb(2, 2):uint() .. " seq=" .. tvb(4, 4):uint())
    elseif (ty == 6 or ty == 7) and len >= 4 then
        t:add(c.quote_len, tvb(2, 2))
        if len > 4 then
            t:add(c.quote, tvb(4, len - 4))
            if len >= 24 then
                -- the offending packet's fixed header, decoded as a VNet header of its own
                local q = t:add(aspen, tvb(4, 20), "Quoted VNet header")
                q:add(f.src, tvb(8, 4))
                q:add(f.dst, tvb(12, 4))
                q:add(f.proto, tvb(7, 1))
            end
        end
    end
end

local function dissect_rdp(tvb, pinfo, root)
    local len = tvb:len()
    local t = root:add(rdp, tvb())
    if len < 24 then
        t:add_expert_info(PI_MALFORMED, PI_ERROR, "RDP segment shorter than its 24-byte header")
        return
    end
    t:add(r.version, tvb(0, 1))
    local fl = tvb(1, 1):uint()
    local ft = t:add(r.flags, tvb(1, 1))
    for _, fld in ipairs({ r.syn, r.ack_f, r.eak, r.rst, r.nul, r.ntf, r.cwr, r.ece }) do
        ft:add(fld, tvb(1, 1))
    end
    local hl = tvb(2, 2):uint()
    t:add(r.hlen, tvb(2, 2))
    t:add(r.sport, tvb(4, 2))
    t:add(r.dport, tvb(6, 2))
    t:add(r.dlen, tvb(8, 2))
    local parts = tvb(10, 1):uint()
    local pt = t:add(r.parts, tvb(10, 1))
    pt:add(r.part_state, tvb(10, 1))
    pt:add(r.part_crc, tvb(10, 1))
    pt:add(r.part_advice, tvb(10, 1))
    local at = t:add(r.aecn, tvb(11, 1))
    at:add(r.aecn_echo, tvb(11, 1))
    at:add(r.aecn_path, tvb(11, 1))
    at:add(r.acns_echo, tvb(11, 1))
    t:add(r.seq, tvb(12, 4))
    t:add(r.ack, tvb(16, 4))
    t:add(r.crc, tvb(20, 4))
    local names = {}
    local bits = { { 0x80, "SYN" }, { 0x40, "ACK" }, { 0x20, "EAK" }, { 0x10, "RST" }, { 0x08, "NUL" },
                   { 0x04, "NTF" }, { 0x02, "CWR" }, { 0x01, "ECE" } }
    for _, b in ipairs(bits) do
        if bit32.band(fl, b[1]) ~= 0 then names[#names + 1] = b[2] end
    end
    local info = string.format(" RDP %d > %d [%s] seq=%d ack=%d", tvb(4, 2):uint(), tvb(6, 2):uint(),
        table.concat(names, ","), tvb(12, 4):uint(), tvb(16, 4):uint())
    local off = 24
    local hend = math.min(hl, len)
    if bit32.band(fl, 0x80) ~= 0 and off + 8 <= hend then
        t:add(r.max_out, tvb(off, 2))
        t:add(r.max_seg, tvb(off + 2, 2))
        local o = t:add(r.syn_opts, tvb(off + 4, 1))
        o:add(r.sequenced, tvb(off + 4, 1))
        o:add(r.ecn_cap, tvb(off + 4, 1))
        o:add(r.aecn_cap, tvb(off + 4, 1))
        o:add(r.acns_cap, tvb(off + 4, 1))
        off = off + 8
    end
    if bit32.band(parts, 0x01) ~= 0 and off + 16 <= hend then
        local st = t:add(rdp, tvb(off, 16), "Sender state")
        local cw = fixed16(tvb(off, 4))
        st:add(r.cwnd, tvb(off, 4), cw)
        st:add(r.ssthresh, tvb(off + 4, 4), fixed16(tvb(off + 4, 4)))
        st:add(r.phase, tvb(off + 8, 1))
        st:add(r.srtt, tvb(off + 12, 4))
        info = info .. string.format(" cwnd=%.2f", cw)
        off = off + 16
    end
    if bit32.band(fl, 0x04) ~= 0 and off + 16 <= hend then
        local nt = t:add(rdp, tvb(off, 16), "Window-setting notification (ACC)")
        nt:add(r.ntf_seq, tvb(off, 4))
        local w = fixed16(tvb(off + 4, 4))
        nt:add(r.ntf_cwnd, tvb(off + 4, 4), w)
        nt:add(r.ntf_ssthresh, tvb(off + 8, 4), fixed16(tvb(off + 8, 4)))
        nt:add(r.ntf_delete, tvb(off + 12, 2))
        local nf = nt:add(r.ntf_flags, tvb(off + 14, 1))
        nf:add(r.ntf_window_only, tvb(off + 14, 1))
        info = info .. string.format(" NOTIFY S=%d window=%.2f", tvb(off, 4):uint(), w)
        if bit32.band(tvb(off + 14, 1):uint(), 0x01) ~= 0 then
            info = info .. " window-only"
        end
        off = off + 16
    end
    if bit32.band(parts, 0x80) ~= 0 and off + 16 <= hend then
        local ad = t:add(rdp, tvb(off, 16), "Segment-size and pacing advice (ACC-ABCD)")
        ad:add(r.adv_seq, tvb(off, 4))
        ad:add(r.adv_size, tvb(off + 4, 2))
        ad:add(r.adv_life, tvb(off + 6, 2))
        ad:add(r.adv_pace, tvb(off + 8, 4))
        ad:add(r.adv_avail, tvb(off + 12, 4))
        info = info .. string.format(" ADVICE size=%d pace=%dB/s", tvb(off + 4, 2):uint(), tvb(off + 8, 4):uint())
        off = off + 16
    end
    if bit32.band(fl, 0x20) ~= 0 then
        while off + 4 <= hend do
            t:add(r.eack, tvb(off, 4))
            off = off + 4
        end
    end
    if hl < len then
        t:add(r.data, tvb(hl, len - hl))
    end
    pinfo.cols.protocol = "Aspen RDP"
    pinfo.cols.info:append(info)
end

-- "node=b link=a-b dir=in action=forwarded to=b-c" (PcapngWriter comment) -> metadata fields
local comment_field
do
    local ok, fld = pcall(Field.new, "frame.comment")
    if ok then comment_field = fld end
end

local function add_metadata(tree)
    if not comment_field then return nil end
    local cm = comment_field()
    if not cm then return nil end
    local text = tostring(cm.value or cm)
    if not text:find("^node=") then return nil end
    local keys = { node = f.meta_node, link = f.meta_link, dir = f.meta_dir, action = f.meta_action,
                   to = f.meta_to, by = f.meta_by, reason = f.meta_reason }
    local m = tree:add(aspen, "Capture metadata: " .. text)
    for k, v in text:gmatch("(%w+)=(%S+)") do
        if keys[k] then m:add(keys[k], v) end
    end
    -- short form for the Info column: "[b a-b in forwarded]"
    local node, link, dir, action = text:match("node=(%S+) link=(%S+) dir=(%S+) action=(%S+)")
    if node then return string.format("[%s %s %s %s] ", node, link, dir, action) end
    return nil
end

local function vnet_length(tvb)
    -- nil when the bytes are not a VNet frame: version 1, spare flag bit 0, lengths consistent
    local len = tvb:len()
    if len < 20 or tvb(0, 1):uint() ~= 1 or bit32.band(tvb(1, 1):uint(), 0x01) ~= 0 then return nil end
    if bit32.band(tvb(1, 1):uint(), 0x02) ~= 0 then len = len - 32 end
    local hdr = 20
    if bit32.band(tvb(1, 1):uint(), 0x04) ~= 0 then
        if len < 22 then return nil end
        local n = tvb(20, 1):uint()
        if n < 1 or n > 64 or len < 22 + n then return nil end
        local v = tvb(21 + n, 1):uint()
        hdr = 20 + 2 + n + v + 32
    end
    if hdr + tvb(14, 2):uint() ~= len then return nil end
    return hdr
end

function aspen.dissector(tvb, pinfo, root)
    local len = tvb:len()
    if len < 20 then return 0 end
    pinfo.cols.protocol = "Aspen"
    local t = root:add(aspen, tvb())
    local where = add_metadata(t) or ""
    t:add(f.version, tvb(0, 1))
    local ft = t:add(f.flags, tvb(1, 1))
    ft:add(f.ecn, tvb(1, 1))
    ft:add(f.aecn, tvb(1, 1))
    ft:add(f.acns, tvb(1, 1))
    ft:add(f.has_spec, tvb(1, 1))
    ft:add(f.has_auth, tvb(1, 1))
    t:add(f.ttl, tvb(2, 1))
    local proto = tvb(3, 1):uint()
    t:add(f.proto, tvb(3, 1))
    t:add(f.src, tvb(4, 4))
    t:add(f.dst, tvb(8, 4))
    t:add(f.prio, tvb(12, 1))
    t:add(f.aecn_ttl, tvb(13, 1))
    t:add(f.paylen, tvb(14, 2))
    t:add(f.crc, tvb(16, 4))
    local off = 20
    if bit32.band(tvb(1, 1):uint(), 0x04) ~= 0 and len >= 22 then
        local n = tvb(20, 1):uint()
        if 21 + n < len then
            t:add(f.spec_name, tvb(21, n))
            local v = tvb(21 + n, 1):uint()
            if 22 + n + v + 32 <= len then
                t:add(f.spec_version, tvb(22 + n, v))
                t:add(f.spec_digest, tvb(22 + n + v, 32))
            end
            off = 22 + n + v + 32
        end
    end
    local fl = tvb(1, 1):uint()
    local marks = ""
    if bit32.band(fl, 0x02) ~= 0 and len >= off + 32 then
        -- the authentication trailer follows the payload (docs/wire-format.md)
        local a = len - 32
        local at = t:add(aspen, tvb(a, 32), "Authentication trailer")
        at:add(f.auth_version, tvb(a, 1))
        at:add(f.auth_maclen, tvb(a + 1, 1))
        at:add(f.auth_key, tvb(a + 2, 2))
        at:add(f.auth_signer, tvb(a + 4, 4))
        at:add(f.auth_counter, tvb(a + 8, 8))
        at:add(f.auth_mac, tvb(a + 16, 16))
        marks = marks .. " AUTH key=" .. tvb(a + 2, 2):uint()
        len = a
    end
    if bit32.band(fl, 0xC0) == 0xC0 then marks = marks .. " CE" end
    if bit32.band(fl, 0x20) ~= 0 then marks = marks .. " AECN" end
    local acns = bit32.rshift(bit32.band(fl, 0x18), 3)
    if acns ~= 0 then marks = marks .. " ACNS=" .. ACNS[acns] end
    pinfo.cols.src = tostring(tvb(4, 4):ipv4())
    pinfo.cols.dst = tostring(tvb(8, 4):ipv4())
    pinfo.cols.info = where .. string.format("%s > %s %s ttl=%d%s", tostring(tvb(4, 4):ipv4()), tostring(tvb(8, 4):ipv4()),
        PROTOS[proto] or ("proto " .. proto), tvb(2, 1):uint(), marks)
    if off >= len then return tvb:len() end
    local payload = tvb(off, len - off):tvb()
    if proto == 0 then
        pinfo.cols.protocol = "Aspen ctl"
        dissect_control(payload, pinfo, root)
    elseif proto == 1 then
        dissect_rdp(payload, pinfo, root)
    else
        if proto == 2 and payload:len() >= 4 then
            t:add(f.raw_sport, payload(0, 2))
            t:add(f.raw_dport, payload(2, 2))
        end
        t:add(f.payload, payload())
    end
    return tvb:len()
end

-- pcapng files from Aspen: LINKTYPE_USER0 (147) is Wireshark's USER0 encapsulation
local encap = (wtap_encaps and wtap_encaps.USER0) or (wtap and wtap.USER0) or 45
DissectorTable.get("wtap_encap"):add(encap, aspen)

-- live captures of real VNet over UDP: a heuristic (ports are whatever the scenario chose) and Decode As
local function heuristic(tvb, pinfo, root)
    if not vnet_length(tvb) then return false end
    aspen.dissector(tvb, pinfo, root)
    return true
end
aspen:register_heuristic("udp", heuristic)
local udp_table = DissectorTable.get("udp.port")
udp_table:add_for_decode_as(aspen)

-- The heuristic runs only for ports no other dissector claims (unless udp.try_heuristic_first is
-- set); 7001-7009, the examples' ports, belong to AFS/RX by default, so claim a range outright.
local DEFAULT_PORTS = "7001-7009"
aspen.prefs.udp_ports = Pref.range("UDP ports", DEFAULT_PORTS, "UDP ports always decoded as Aspen VNet", 65535)
local current_ports = DEFAULT_PORTS
udp_table:add(current_ports, aspen)
function aspen.prefs_changed()
    local want = tostring(aspen.prefs.udp_ports)
    if want ~= current_ports then
        if current_ports ~= "" then udp_table:remove(current_ports, aspen) end
        if want ~= "" then udp_table:add(want, aspen) end
        current_ports = want
    end
end
