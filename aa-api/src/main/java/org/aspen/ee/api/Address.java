package org.aspen.ee.api;

/**
 * A VNet address as AAs see it: 32 bits, written {@code 10.0.0.1}.
 *
 * <pre>{@code
 * Address a = Address.parse("10.0.0.1");
 * assert Address.of(a.value()).equals(a);
 * }</pre>
 */
public record Address(int value) implements Comparable<Address> {
    public static Address of(int value) {
        return new Address(value);
    }

    /** Parses the dotted form; throws {@link IllegalArgumentException} when it is not four octets 0-255. */
    public static Address parse(String text) {
        String[] parts = text == null ? new String[0] : text.trim().split("\\.", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException("bad address '" + text + "': expected a.b.c.d");
        }
        int bits = 0;
        for (String octet : parts) {
            int o;
            try {
                o = octet.length() <= 3 ? Integer.parseInt(octet) : -1;
            } catch (NumberFormatException e) {
                o = -1;
            }
            if (o < 0 || o > 255 || octet.startsWith("+")) {
                throw new IllegalArgumentException("bad address '" + text + "': octet '" + octet + "'");
            }
            bits = bits << 8 | o;
        }
        return new Address(bits);
    }

    @Override
    public int compareTo(Address o) {
        return Integer.compareUnsigned(value, o.value);
    }

    @Override
    public String toString() {
        return (value >>> 24) + "." + (value >>> 16 & 0xff) + "." + (value >>> 8 & 0xff) + "." + (value & 0xff);
    }
}
