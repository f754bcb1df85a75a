package org.aspen.vnet.packet;

/** ECN codepoints as in RFC 3168, carried in the two top bits of the VNet flags byte. */
public enum Ecn {
    NOT_ECT(0b00), ECT1(0b01), ECT0(0b10), CE(0b11);

    public final int bits;

    Ecn(int bits) {
        this.bits = bits;
    }

    public static Ecn of(int bits) {
        return switch (bits & 0b11) {
            case 0b00 -> NOT_ECT;
            case 0b01 -> ECT1;
            case 0b10 -> ECT0;
            default -> CE;
        };
    }

    /** True for ECT(0), ECT(1) and CE: the packet's sender understands ECN. */
    public boolean capable() {
        return this != NOT_ECT;
    }
}
