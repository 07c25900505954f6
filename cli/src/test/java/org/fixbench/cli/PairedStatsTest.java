package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fixbench.cli.results.PairedStats;
import org.junit.jupiter.api.Test;

class PairedStatsTest {

    @Test
    void theMedianIntervalIsFromOrderStatisticsWithItsTrueCoverage() {
        PairedStats.Interval three = PairedStats.median(new double[] {3, 1, 2});
        assertEquals(2, three.median());
        assertEquals(1, three.low());
        assertEquals(3, three.high());
        assertEquals(0.75, three.coverage(), 1e-12, "1 - 2/8");
        PairedStats.Interval nine = PairedStats.median(new double[] {9, 8, 7, 6, 5, 4, 3, 2, 1});
        assertEquals(2, nine.low(), "x(2) to x(8) covers 96.1%, x(3) to x(7) only 82%");
        assertEquals(8, nine.high());
        assertEquals(1 - 2 * (1 + 9) / 512.0, nine.coverage(), 1e-12);
    }

    @Test
    void twoWellSeparatedGroupsAreTwoModesAndOneSpreadGroupIsNot() {
        PairedStats.Modes modes = PairedStats.modes(new double[] {8_100, 12_600, 8_600, 11_900, 8_300, 12_000});
        assertTrue(modes.bimodal());
        assertEquals("low", modes.modeOf(8_600));
        assertEquals("high", modes.modeOf(11_900));
        assertFalse(PairedStats.modes(new double[] {8_100, 9_000, 10_000, 11_000, 12_000}).bimodal());
        assertFalse(PairedStats.modes(new double[] {8_100, 8_200, 8_300, 8_250}).bimodal(), "gap under 1 us");
    }
}
