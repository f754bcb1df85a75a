package org.aspen.vnet.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each accepted spelling of a duration, rate and size, and each refused one with its one-line message. */
class UnitsTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1ns | 1", "250us | 250000", "250µs | 250000", "50ms | 50000000", "1.5s | 1500000000", "2 s | 2000000000",
            ".5ms | 500000", "2min | 120000000000", "1h | 3600000000000", "0s | 0", "0.0000005ms | 1", "0.0000004ms | 0",
            "  20ms  | 20000000"})
    void durations(String text, long nanos) {
        assertEquals(nanos, Units.nanos(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "12bps | 12", "512kbps | 512000", "1.5Mbps | 1500000", "1Gbps | 1000000000",
            "10bit/s | 10", "10kbit/s | 10000", "10Mbit/s | 10000000", "10Gbit/s | 10000000000",
            "10bit | 10", "10kbit | 10000", "10mbit | 10000000", "10gbit | 10000000000", "10Mbit | 10000000",
            "10Kbps | 10000", "10mbps | 10000000", "10b/s | 10", "10kb/s | 10000", "20Mb/s | 20000000", "1Gb/s | 1000000000",
            "20 Mbps | 20000000"})
    void rates(String text, long bps) {
        assertEquals(bps, Units.bitsPerSecond(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1500B | 1500", "64KB | 64000", "64kB | 64000", "10MB | 10000000", "2GB | 2000000000",
            "64KiB | 65536", "2MiB | 2097152", "1GiB | 1073741824", "1.5KB | 1500", "0B | 0"})
    void sizes(String text, long bytes) {
        assertEquals(bytes, Units.bytes(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "link delay | 20 | link delay \"20\": a duration needs a unit: ns, us, ms, s, min or h",
            "link delay | 0 | link delay \"0\": a duration needs a unit: ns, us, ms, s, min or h",
            "delay | 20q | delay \"20q\": unknown duration unit \"q\" (use ns, us, ms, s, min or h)",
            "delay | 2m | delay \"2m\": unknown duration unit \"m\" (use ns, us, ms, s, min or h); write min for minutes or ms for milliseconds",
            "delay | 20MS | delay \"20MS\": unknown duration unit \"MS\" (use ns, us, ms, s, min or h)",
            "delay | -5ms | delay \"-5ms\": a duration cannot be negative",
            "delay | ms | delay \"ms\": not a duration: write a number and a unit (ns, us, ms, s, min or h), e.g. 20ms",
            "delay | 1e3ms | delay \"1e3ms\": unknown duration unit \"e3ms\" (use ns, us, ms, s, min or h)",
            "delay | 200000000000h | delay \"200000000000h\": too large a duration (at most 4611686018.427387903s)",
            "delay | '' | delay \"\": a duration needs a number and a unit, e.g. 20ms"})
    void refusedDurations(String what, String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> Units.nanos(what, text)).getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--bandwidth | 20 | --bandwidth \"20\": a rate needs a unit: bps, kbps, Mbps, Gbps (or bit/s, kbit/s, Mbit/s, Gbit/s; kbit, mbit, gbit; kb/s, Mb/s, Gb/s)",
            "rate | 10MB/s | rate \"10MB/s\": unknown rate unit \"MB/s\" (use bps, kbps, Mbps, Gbps (or bit/s, kbit/s, Mbit/s, Gbit/s; kbit, mbit, gbit; kb/s, Mb/s, Gb/s)); a rate is in bits (b), not bytes (B)",
            "rate | 10Mb | rate \"10Mb\": unknown rate unit \"Mb\" (use bps, kbps, Mbps, Gbps (or bit/s, kbit/s, Mbit/s, Gbit/s; kbit, mbit, gbit; kb/s, Mb/s, Gb/s)); a rate needs its time: Mbps, Mbit/s or Mb/s",
            "rate | -1Mbps | rate \"-1Mbps\": a rate cannot be negative",
            "rate | 10000000000Gbps | rate \"10000000000Gbps\": too large a rate (at most 9223372036.854775807Gbps)"})
    void refusedRates(String what, String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> Units.bitsPerSecond(what, text)).getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "burst | 1500 | burst \"1500\": a size needs a unit: B, KB, MB, GB (1000s) or KiB, MiB, GiB (1024s)",
            "burst | 10mb | burst \"10mb\": unknown size unit \"mb\" (use B, KB, MB, GB (1000s) or KiB, MiB, GiB (1024s)); a size is in bytes (B), not bits (b)",
            "burst | 64kib | burst \"64kib\": unknown size unit \"kib\" (use B, KB, MB, GB (1000s) or KiB, MiB, GiB (1024s)); a size is in bytes (B), not bits (b)",
            "burst | 64K | burst \"64K\": unknown size unit \"K\" (use B, KB, MB, GB (1000s) or KiB, MiB, GiB (1024s))",
            "burst | -64KB | burst \"-64KB\": a size cannot be negative",
            "burst | 9223372036854775808B | burst \"9223372036854775808B\": too large a size (at most 9223372036854775807B)"})
    void refusedSizes(String what, String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> Units.bytes(what, text)).getMessage());
    }

    @Test
    void aYamlNumberIsABareNumber() {
        assertEquals("buffer \"64\": a size needs a unit: B, KB, MB, GB (1000s) or KiB, MiB, GiB (1024s)",
                assertThrows(IllegalArgumentException.class, () -> Units.bytes("buffer", 64)).getMessage());
        assertEquals("delay \"0.5\": a duration needs a unit: ns, us, ms, s, min or h",
                assertThrows(IllegalArgumentException.class, () -> Units.nanos("delay", 0.5)).getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "0 | 0s", "1 | 1ns", "999 | 999ns", "1000 | 1us", "1500 | 1.5us", "2500000 | 2.5ms", "1500000000 | 1.5s",
            "1234567891 | 1.234567891s", "3600000000000 | 3600s"})
    void formatsDurations(long nanos, String text) {
        assertEquals(text, Units.formatNanos(nanos));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"0 | 0bps", "999 | 999bps", "100000 | 100kbps", "1500000 | 1.5Mbps",
            "1234567 | 1.234567Mbps", "20000000000 | 20Gbps"})
    void formatsRates(long bps, String text) {
        assertEquals(text, Units.formatRate(bps));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"0 | 0B", "1500 | 1500B", "64000 | 64KB", "65536 | 64KiB", "1000000 | 1MB",
            "1048576 | 1MiB", "1073741824 | 1GiB", "3000000000 | 3GB"})
    void formatsSizes(long bytes, String text) {
        assertEquals(text, Units.formatBytes(bytes));
    }
}
