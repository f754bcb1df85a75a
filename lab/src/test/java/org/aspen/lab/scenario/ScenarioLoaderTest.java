package org.aspen.lab.scenario;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.aspen.lab.build.LabBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScenarioLoaderTest {
    static final String BASE = """
            name: t
            nodes:
              - {name: a, address: 10.0.0.1}
              - {name: b, address: 10.0.0.2}
            links:
              - {between: [a, b], bandwidth: 10Mbps, delay: 5ms, buffer: 20}
            """;

    static Scenario parse(String yaml) {
        return ScenarioLoader.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "t.yaml", true);
    }

    static String error(String yaml) {
        return assertThrows(ConfigException.class, () -> parse(yaml)).getMessage();
    }

    @Test
    void examplesParse() {
        for (String f : new String[] {"line3.yaml", "reroute.yaml"}) {
            Scenario s = ScenarioLoader.load(Path.of("..", "examples", "scenarios", f));
            assertTrue(s.nodes().size() >= 3, f);
            assertTrue(!s.expect().isEmpty(), f);
        }
    }

    @Test
    void aQuotedValueWithLineBreaksStaysOnOneLine() {
        // a double-quoted YAML string may hold line breaks; the message must not
        String m = error(BASE.replace("address: 10.0.0.2", "address: \"10.0.0.2\\n9\""));
        assertTrue(m.startsWith("t.yaml: nodes[1].address: "), m);
        assertTrue(!m.contains("\n") && !m.contains("\r"), "one line: " + m);
        assertTrue(m.contains("10.0.0.2\\n9"), "the break shown as \\n: " + m);
        assertEquals("x: a\\nb\\u0007c", new ConfigException("x: a\nb\u0007c").getMessage());
    }

    @Test
    void unitsAndDefaults() {
        Scenario s = parse(BASE);
        assertEquals("a-b", s.links().get(0).linkName());
        assertEquals(10_000_000L, LabBuilder.linkConfig(s.links().get(0)).bandwidthBps());
        assertEquals(5_000_000L, LabBuilder.linkConfig(s.links().get(0)).delayNanos());
        assertEquals(20, LabBuilder.linkConfig(s.links().get(0)).limit().maxPackets());
        assertTrue(s.dynamicRouting());
        assertEquals(10_000_000_000L, s.durationNanos());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unknown field      | links[0].bandwith: unknown field 'bandwith'                     | 'links:\n  - {between: [a, b], bandwith: 10Mbps}'",
        "bad rate           | links[0].bandwidth: \"10 Mbs\": unknown rate unit \"Mbs\"     | 'links:\n  - {between: [a, b], bandwidth: 10 Mbs}'",
        "bad delay          | links[0].delay: \"soon\": not a duration                       | 'links:\n  - {between: [a, b], delay: soon}'",
        "missing node       | links[0].between[1]: no node named 'x'                          | 'links:\n  - {between: [a, x]}'",
        "self link          | links[0].between: a link joins two different nodes              | 'links:\n  - {between: [a, a]}'",
        "bad buffer         | links[0].buffer: \"lots\": not a size                          | 'links:\n  - {between: [a, b], buffer: lots}'",
        "bad queue          | links[0].queue: unknown queue discipline 'fifo9'                | 'links:\n  - {between: [a, b], queue: fifo9}'",
        "bad event link     | events[0].down: no link named 'a-c'                             | 'links:\n  - {between: [a, b]}\nevents:\n  - {at: 1s, down: a-c}'",
        "two actions        | events[0]: give exactly one of                                  | 'links:\n  - {between: [a, b]}\nevents:\n  - {at: 1s, down: a-b, up: a-b}'",
        "unknown expect     | expect[0]: unknown type 'magic'                                 | 'expect:\n  - {type: magic}'",
        "ratio              | expect[0].atLeast: expected a probability between 0 and 1 (0% to 100%), got '120%' | 'workload:\n  pings:\n    - {from: a, to: b}\nexpect:\n  - {type: pings, from: a, to: b, atLeast: 120%}'",
        "nothing to judge   | expect[0]: no ping workload from 'a' to 'b'                     | 'expect:\n  - {type: pings, from: a, to: b, atLeast: 50%}'",
        "bad routing        | routing: 'ospf' is not 'auto' or 'static'                       | 'routing: ospf'",
        "not a neighbour    | routes[0].via: 'b' is not a neighbour of 'a'                    | 'routes:\n  - {node: a, to: b, via: b}'",
        "wrong type         | workload.pings[0].count: expected a whole number                | 'workload:\n  pings:\n    - {from: a, to: b, count: many}'",
        "transfer to itself | workload.transfers[0].to: a transfer goes to another node       | 'workload:\n  transfers:\n    - {from: a, to: a, size: 1MB}'",
        "flow to itself     | workload.flows[0].to: a flow goes to another node               | 'workload:\n  flows:\n    - {from: b, to: b}'",
        "cross to itself    | workload.cross[0].to: cross traffic goes to another node        | 'workload:\n  cross:\n    - {from: a, to: a}'",
        "same transfer name | workload.transfers[1].name: duplicate transfer name 'x'         | 'workload:\n  transfers:\n    - {from: a, to: b, size: 1MB, name: x}\n    - {from: b, to: a, size: 1MB, name: x}'",
        "same flow name     | workload.flows[0].name: duplicate transfer or flow name 'x'     | 'workload:\n  transfers:\n    - {from: a, to: b, size: 1MB, name: x}\n  flows:\n    - {from: a, to: b, name: x}'",
        "same transfer port | workload.transfers[1].port: port 7000 on 'b' is used by another transfer | 'workload:\n  transfers:\n    - {from: a, to: b, size: 1MB, port: 7000}\n    - {from: a, to: b, size: 1MB, port: 7000}'",
        "same flow port     | workload.flows[0].port: port 7000 on 'b' is used by another transfer or flow | 'workload:\n  transfers:\n    - {from: a, to: b, size: 1MB, port: 7000}\n  flows:\n    - {from: a, to: b, port: 7000}'",
        "bad flow port      | workload.flows[0].port: must be 1-65535                         | 'workload:\n  flows:\n    - {from: a, to: b, port: 70000}'",
        "negative delay     | links[0].delay: \"-5ms\": a duration cannot be negative        | 'links:\n  - {between: [a, b], delay: -5ms}'",
        "bare delay         | links[0].delay: \"20\": a duration needs a unit: ns, us, ms, s, min or h | 'links:\n  - {between: [a, b], delay: 20}'",
        "bare bandwidth     | links[0].bandwidth: \"10000000\": a rate needs a unit: bps, kbps, Mbps, Gbps | 'links:\n  - {between: [a, b], bandwidth: 10000000}'",
        "megabytes as rate  | links[0].bandwidth: \"10MB/s\": unknown rate unit \"MB/s\" | 'links:\n  - {between: [a, b], bandwidth: 10MB/s}'",
        "bits as size       | workload.transfers[0].size: \"1mb\": unknown size unit \"mb\" | 'workload:\n  transfers:\n    - {from: a, to: b, size: 1mb}'",
        "minutes or millis  | duration: \"2m\": unknown duration unit \"m\" | 'duration: 2m'",
        "zero bandwidth     | links[0].bandwidth: '0bps' must be above zero                   | 'links:\n  - {between: [a, b], bandwidth: 0bps}'",
        "negative bandwidth | links[0].bandwidth: \"-1Mbps\": a rate cannot be negative      | 'links:\n  - {between: [a, b], bandwidth: -1Mbps}'",
        "zero buffer        | links[0].buffer: a buffer of 0 packets is outside 1-1000000     | 'links:\n  - {between: [a, b], buffer: 0}'",
        "negative buffer    | links[0].buffer: \"-64KB\": a size cannot be negative          | 'links:\n  - {between: [a, b], buffer: -64KB}'",
        "zero interval      | workload.pings[0].interval: '0s' must be above zero             | 'workload:\n  pings:\n    - {from: a, to: b, interval: 0s}'",
        "negative interval  | workload.pings[0].interval: \"-1s\": a duration cannot be negative | 'workload:\n  pings:\n    - {from: a, to: b, interval: -1s}'",
        "zero ping timeout  | workload.pings[0].timeout: '0ms' must be above zero             | 'workload:\n  pings:\n    - {from: a, to: b, timeout: 0ms}'",
        "negative start     | workload.pings[0].start: \"-2s\": a duration cannot be negative | 'workload:\n  pings:\n    - {from: a, to: b, start: -2s}'",
        "negative event at  | events[0].at: \"-1s\": a duration cannot be negative           | 'links:\n  - {between: [a, b]}\nevents:\n  - {at: -1s, down: a-b}'",
        "zero hello         | timers.hello: '0s' must be above zero                           | 'timers: {hello: 0s}'",
        "zero cross rate    | workload.cross[0].rate: '0kbps' must be above zero              | 'workload:\n  cross:\n    - {from: a, to: b, rate: 0kbps}'",
        "zero cross on      | workload.cross[0].on: '0s' must be above zero                   | 'workload:\n  cross:\n    - {from: a, to: b, on: 0s}'",
        "negative duration  | duration: \"-10s\": a duration cannot be negative              | 'duration: -10s'",
        "bad transport      | workload.flows[0].transport: 'tcp' is not one of rdp, ns2-reno, ns2-newreno, ns2-sack1, ns2-cubic | 'workload:\n  flows:\n    - {from: a, to: b, transport: tcp}'",
        "ns2 without agent  | workload.flows[0].ns2: only with an ns-2 transport | 'workload:\n  flows:\n    - {from: a, to: b, ns2: {window: 64}}'",
        "unknown ns2 name   | workload.transfers[0].ns2.windw: is not a known Agent/TCP variable | 'workload:\n  transfers:\n    - {from: a, to: b, size: 1MB, transport: ns2-reno, ns2: {windw: 64}}'",
        "bad ns2 value      | workload.flows[0].ns2.numdupacks: must be an integer, got 2.5   | 'workload:\n  flows:\n    - {from: a, to: b, transport: ns2-newreno, ns2: {numdupacks: 2.5}}'",
        "ns2 value a word   | workload.flows[0].ns2.minrto: 'soon' is not a number or true/false | 'workload:\n  flows:\n    - {from: a, to: b, transport: ns2-reno, ns2: {minrto: soon}}'",
        "ns2 with acns      | workload.flows[0].acns: runs on transport rdp, ns2-reno or ns2-cubic only, not on ns2-newreno | 'workload:\n  flows:\n    - {from: a, to: b, transport: ns2-newreno, acns: true}'",
        "cubic beta on reno | workload.flows[0].ns2.cubic.beta: only with transport ns2-cubic, not ns2-reno | 'workload:\n  flows:\n    - {from: a, to: b, transport: ns2-reno, ns2: {cubic.beta: 1024}}'",
        "cubic beta too big | workload.flows[0].ns2.cubic.beta: must be a whole number 1-1024 (/1024), got '1025' | 'workload:\n  flows:\n    - {from: a, to: b, transport: ns2-cubic, ns2: {cubic.beta: 1025}}'",
        "cubic beta a word  | workload.flows[0].ns2.cubic.beta: must be a whole number 1-1024 (/1024), got 'keep' | 'workload:\n  flows:\n    - {from: a, to: b, transport: ns2-cubic, ns2: {cubic.beta: keep}}'",
        "cubic beta on acns | workload.flows[0].ns2.cubic.beta: not with ACNS (ACNS's trends set the window at a loss) | 'workload:\n  flows:\n    - {from: a, to: b, transport: ns2-cubic, acns: true, ns2: {cubic.beta: 1024}}'",
        "bad recovery       | workload.flows[0].recovery: must be classic, modern or impatient, not 'fast' | 'workload:\n  flows:\n    - {from: a, to: b, recovery: fast}'",
        "ns2 with recovery  | workload.transfers[0].recovery: runs on transport rdp only, not on ns2-sack1 | 'workload:\n  transfers:\n    - {from: a, to: b, size: 1MB, transport: ns2-sack1, recovery: modern}'",
    })
    void errorsNameTheFieldAndTheProblem(String name, String expected, String extra) {
        String yaml = BASE.replaceAll("links:\\n  - .*\\n", "") + extra.replace("\\n", "\n") + "\n";
        String msg = error(yaml);
        assertTrue(msg.startsWith("t.yaml: "), msg);
        assertTrue(msg.contains(expected.trim()), () -> "expected '" + expected.trim() + "' in: " + msg);
        assertEquals(1, msg.lines().count(), msg);
    }

    static ConfigException failure(String yaml) {
        return assertThrows(ConfigException.class, () -> parse(yaml));
    }

    @Test
    void anUnclosedBraceNamesTheProblemItsLineAndColumnAndShowsTheLine() {
        ConfigException e = failure("""
                name: t
                nodes:
                  - {name: a, address: 10.0.0.1
                  - {name: b, address: 10.0.0.2}
                """);
        // the parser meets the second item's '{' (line 4, column 5) while still inside the first's mapping
        assertEquals("t.yaml: line 4, column 5: nodes[0]: expected ',' or '}', but got { (while parsing a flow mapping from line 3, column 5):"
                + " is a '}' missing?", e.getMessage());
        assertEquals(" 4 |   - {name: b, address: 10.0.0.2}\n   |     ^", e.excerpt());
    }

    @Test
    void aTabIsNamedOnItsOwnLine() {
        ConfigException e = failure("name: t\nnodes:\n\t- {name: a, address: 10.0.0.1}\n");
        assertEquals("t.yaml: line 3, column 1: a tab character: YAML indents with spaces, never tabs", e.getMessage());
        assertEquals(" 3 | \\t- {name: a, address: 10.0.0.1}\n   | ^", e.excerpt());
    }

    @Test
    void aWrongIndentationPointsAtTheMisplacedKey() {
        ConfigException e = failure("""
                name: t
                nodes:
                  - name: a
                   address: 10.0.0.1
                """);
        // 'address' is one space right of 'name': neither the same mapping nor a new item
        assertEquals("t.yaml: line 4, column 4: nodes: expected <block end>, but found '<block mapping start>'"
                + " (while parsing a block collection from line 3, column 3): check the indentation (each level the same number of spaces)",
                e.getMessage());
        assertEquals(" 4 |    address: 10.0.0.1\n   |    ^", e.excerpt());
    }

    @Test
    void aJsonSyntaxErrorAlsoNamesLineAndColumn() {
        ConfigException e = assertThrows(ConfigException.class, () -> ScenarioLoader.parse(
                new ByteArrayInputStream("{\"name\": \"t\",\n \"nodes\": [}\n".getBytes(StandardCharsets.UTF_8)), "t.json", false));
        assertEquals("t.json: line 2, column 12: nodes: Unexpected close marker '}': expected ']' (in the Array from line 2, column 11)",
                e.getMessage());
        assertEquals(" 2 |  \"nodes\": [}\n   |            ^", e.excerpt());
    }

    @Test
    void anNs2TransportPicksTheAgentWithItsOverrides() {
        Scenario s = parse(BASE + """
                workload:
                  flows:
                    - {from: a, to: b, transport: ns2-newreno, ns2: {window: 64, bugFix: false, minrto: 1}}
                    - {from: a, to: b}
                """);
        Scenario.FlowSpec f = s.workload().flows().get(0);
        var cc = Transports.agent("f", f.transport(), f.ns2()).get();
        assertTrue(cc instanceof org.aspen.rdp.ns2.Ns2NewReno, cc.name());
        org.aspen.rdp.ns2.Ns2Params p = ((org.aspen.rdp.ns2.Ns2NewReno) cc).params();
        assertEquals(64, p.window());
        assertEquals(false, p.bugFix());
        assertEquals(1.0, p.minrto());
        assertEquals(2, p.windowInit(), "the rest keep ns-default.tcl's values");
        Scenario.FlowSpec plain = s.workload().flows().get(1);
        assertEquals(null, Transports.agent("f", plain.transport(), plain.ns2()), "rdp: RDP's own sender");
    }

    @Test
    void acnsOnNs2RenoIsAcnsBuiltOnNs2sReno() {
        Scenario s = parse(BASE + """
                workload:
                  flows:
                    - {from: a, to: b, transport: ns2-reno, acns: true, ns2: {window: 64}}
                """);
        Scenario.FlowSpec f = s.workload().flows().get(0);
        var cc = Transports.agent("f", f.transport(), f.ns2(), f.acns()).get();
        assertTrue(cc instanceof org.aspen.rdp.ns2.Ns2AcnsReno, cc.name());
        assertTrue(cc.acns(), "offers ACNS at SYN");
        assertEquals(64, ((org.aspen.rdp.ns2.Ns2AcnsReno) cc).params().window());
        assertTrue(Transports.agent("f", f.transport(), f.ns2(), false).get() instanceof org.aspen.rdp.ns2.Ns2Reno plain
                && !plain.acns());
    }

    @Test
    void duplicateKeysAndAddressesAreRejected() {
        assertTrue(error("name: t\nname: u\nnodes:\n  - {name: a, address: 10.0.0.1}\n").contains("name"));
        String dupAddr = error("name: t\nnodes:\n  - {name: a, address: 10.0.0.1}\n  - {name: b, address: 10.0.0.1}\n");
        assertTrue(dupAddr.contains("nodes[1].address: 10.0.0.1 is already node 'a'"), dupAddr);
        String badAddr = error("name: t\nnodes:\n  - {name: a, address: 10.0.0.300}\n");
        assertTrue(badAddr.contains("nodes[0].address: bad VNet address"), badAddr);
        assertTrue(error("").contains("empty"));
        assertTrue(error("name: t\n").contains("nodes: missing"));
    }

    @Test
    void aNodesMetricsEndpointIsHostPortOrAPortOnLoopback() {
        Scenario s = parse("name: t\nnodes:\n  - {name: a, address: 10.0.0.1, metrics: 9101}\n"
                + "  - {name: b, address: 10.0.0.2, metrics: \"0.0.0.0:9102\"}\n  - {name: c, address: 10.0.0.3}\n");
        assertEquals("9101", s.node("a").metrics());
        assertEquals("127.0.0.1", ScenarioLoader.HostPort.parseOrPort(s.node("a").metrics()).getHostString());
        assertEquals(9102, ScenarioLoader.HostPort.parseOrPort(s.node("b").metrics()).getPort());
        assertEquals(null, s.node("c").metrics());
        String bad = error("name: t\nnodes:\n  - {name: a, address: 10.0.0.1, metrics: \"host:port\"}\n");
        assertTrue(bad.contains("nodes[0].metrics: 'host:port': port is not a number") && !bad.contains("\n"), bad);
        assertTrue(error("name: t\nnodes:\n  - {name: a, address: 10.0.0.1, metrics: 70000}\n")
                .contains("nodes[0].metrics: '127.0.0.1:70000': port must be 0-65535"));
    }

    @Test
    void aNodesInputQueueIsAWholePositiveNumberOfPackets() {
        Scenario s = parse("name: t\nnodes:\n  - {name: a, address: 10.0.0.1, inputQueue: 25}\n  - {name: b, address: 10.0.0.2}\n");
        assertEquals(25, QueueSpecs.inputQueueLimit(s.node("a").inputQueue()));
        assertEquals(null, s.node("b").inputQueue());
        assertEquals("t.yaml: nodes[0].inputQueue: an input queue of 0 packets is outside 1-1000000",
                error("name: t\nnodes:\n  - {name: a, address: 10.0.0.1, inputQueue: 0}\n"));
        assertEquals("t.yaml: nodes[0].inputQueue: an input queue of -5 packets is outside 1-1000000",
                error("name: t\nnodes:\n  - {name: a, address: 10.0.0.1, inputQueue: -5}\n"));
        assertEquals("t.yaml: nodes[1].inputQueue: '2.5' is not a whole number of packets (e.g. 25)",
                error("name: t\nnodes:\n  - {name: a, address: 10.0.0.1}\n  - {name: b, address: 10.0.0.2, inputQueue: 2.5}\n"));
        assertEquals("t.yaml: nodes[0].inputQueue: 'many' is not a whole number of packets (e.g. 25)",
                error("name: t\nnodes:\n  - {name: a, address: 10.0.0.1, inputQueue: many}\n"));
        assertEquals("t.yaml: nodes[0].inputQueue: an input queue of 2000000 packets is outside 1-1000000",
                error("name: t\nnodes:\n  - {name: a, address: 10.0.0.1, inputQueue: 2000000}\n"));
    }

    @Test
    void missingFileIsAClearError() {
        String msg = assertThrows(ConfigException.class, () -> ScenarioLoader.load(Path.of("no/such.yaml"))).getMessage();
        assertEquals("no/such.yaml: no such file", msg);
    }
}
