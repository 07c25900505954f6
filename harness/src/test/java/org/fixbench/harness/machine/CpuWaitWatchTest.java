package org.fixbench.harness.machine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The watch's reading of /proc text, on text shaped like the kernel's. */
class CpuWaitWatchTest {
    @Test
    void schedstatGivesTimeOnCpuAndTimeWaiting() {
        assertArrayEquals(new long[] {123456789L, 4567L}, CpuWaitWatch.longFields("123456789 4567 89\n", 0, 2));
    }

    @Test
    void statFieldsAfterTheCommandNameAreCountedFromZero() {
        // /proc/<pid>/stat after "(comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
        // utime stime cutime cstime ...
        String afterName = "S 1 2 3 0 -1 4194560 100 0 0 0 17 5 2 1 20 0 12 0";
        long[] f = CpuWaitWatch.longFields(afterName, 11, 4);
        assertArrayEquals(new long[] {17, 5, 2, 1}, f);
    }

    @Test
    void theSwitchCountAfterItsNameInStatus() {
        String status = "voluntary_ctxt_switches:\t12\nnonvoluntary_ctxt_switches:\t345\n";
        String key = "nonvoluntary_ctxt_switches:";
        assertEquals(345, CpuWaitWatch.longFields(status.substring(status.indexOf(key) + key.length()), 0, 1)[0]);
    }

    @Test
    void tooFewFieldsReadNull() {
        assertNull(CpuWaitWatch.longFields("1", 0, 2));
        assertNull(CpuWaitWatch.longFields("  \n", 0, 1));
    }
}
