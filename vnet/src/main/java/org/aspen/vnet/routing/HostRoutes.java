package org.aspen.vnet.routing;

import java.util.Arrays;
import java.util.function.BiConsumer;
import org.aspen.vnet.VAddr;

/**
 * Host routes keyed by the raw 32-bit address: an open-addressing table with linear probing, so
 * the per-packet lookup neither boxes the key nor chases a bucket list. Entries are only added or
 * all cleared at once, which is how {@link RouteTable} uses it.
 */
final class HostRoutes {
    private int[] keys = new int[16];
    private Route[] values = new Route[16];
    private int size;

    Route get(int addr) {
        if (size == 0) {
            return null;
        }
        int mask = keys.length - 1;
        for (int i = slot(addr, mask); ; i = (i + 1) & mask) {
            Route r = values[i];
            if (r == null || keys[i] == addr) {
                return r;
            }
        }
    }

    void put(int addr, Route r) {
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = slot(addr, mask);
        while (values[i] != null && keys[i] != addr) {
            i = (i + 1) & mask;
        }
        if (values[i] == null) {
            size++;
        }
        keys[i] = addr;
        values[i] = r;
    }

    void clear() {
        Arrays.fill(values, null);
        size = 0;
    }

    int size() {
        return size;
    }

    void forEach(BiConsumer<VAddr, Route> action) {
        for (int i = 0; i < keys.length; i++) {
            if (values[i] != null) {
                action.accept(VAddr.of(keys[i]), values[i]);
            }
        }
    }

    private void grow() {
        int[] oldKeys = keys;
        Route[] oldValues = values;
        keys = new int[oldKeys.length * 2];
        values = new Route[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static int slot(int addr, int mask) {
        // Fibonacci hashing spreads the consecutive addresses VNet topologies tend to use
        return (addr * 0x9E3779B9 >>> 16) & mask;
    }
}
