package org.aspen.rdp.ns2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class AcnsLevelsTest {
    @Test
    void theLastLevelBelowIsTheOnePassedThroughBeforeTheCurrentOne() {
        AcnsLevels l = new AcnsLevels();
        l.note(2);
        l.note(4);
        l.note(7);
        assertEquals(4, l.lastBelow(7));
        assertEquals(2, l.lastBelow(4));   // 4 is forgotten by the step above
        assertEquals(-1, l.lastBelow(2));
    }

    @Test
    void aFallingWindowForgetsTheLevelsAboveIt() {
        AcnsLevels l = new AcnsLevels();
        l.note(3);
        l.note(9);
        l.note(5);                          // 9 forgotten, 5 recorded
        l.note(5);                          // the same level twice is one level
        assertEquals(3, l.lastBelow(5));
        assertEquals(-1, l.lastBelow(3));
    }
}
