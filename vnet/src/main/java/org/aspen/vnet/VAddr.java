package org.aspen.vnet;

/**
 * A VNet address: 32 bits, written as four decimal octets ({@code 10.0.0.1}).
 *
 * <pre>{@code
 * VAddr a = VAddr.parse("10.0.0.1");
 * assert a.toString().equals("10.0.0.1") && VAddr.of(a.value()).equals(a);
 * }</pre>
 *
 * VNet addresses live in their own space: they are not IP addresses and never reach the kernel's
 * routing table; the UDP host:port a node listens on is configured separately. {@code 0.0.0.0} is
 * "unspecified" and {@code 255.255.255.255} is "every neighbour on this link" (used by hellos).
 */
public record VAddr(int value) implements Comparable<VAddr> {
    public static final VAddr UNSPECIFIED = new VAddr(0);
    public static final VAddr BROADCAST = new VAddr(-1);

    public static VAddr of(int value) {
        return new VAddr(value);
    }

    /** Parses the dotted form; throws {@link IllegalArgumentException} naming what is wrong. */
    public static VAddr parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("VNet address is missing");
        }
        String s = text.trim();
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException("bad VNet address '" + shown(text) + "': expected four octets like 10.0.0.1");
        }
        int v = 0;
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(Character::isDigit)) {
                throw new IllegalArgumentException("bad VNet address '" + shown(text) + "': octet '" + shown(p)
                        + "' is not a number 0-255");
            }
            int o = Integer.parseInt(p);
            if (o > 255) {
                throw new IllegalArgumentException("bad VNet address '" + shown(text) + "': octet " + o + " is above 255");
            }
            v = (v << 8) | o;
        }
        return new VAddr(v);
    }

    /** {@code text} as an error message quotes it: on one line, at most 40 characters. */
    static String shown(String text) {
        return OneLine.of(text, 40);
    }

    public boolean isBroadcast() {
        return value == -1;
    }

    public boolean isUnspecified() {
        return value == 0;
    }

    @Override
    public int compareTo(VAddr o) {
        return Integer.compareUnsigned(value, o.value);
    }

    @Override
    public String toString() {
        return ((value >>> 24) & 0xff) + "." + ((value >>> 16) & 0xff) + "." + ((value >>> 8) & 0xff) + "." + (value & 0xff);
    }
}
