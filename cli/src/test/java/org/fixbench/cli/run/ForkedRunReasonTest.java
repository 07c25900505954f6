package org.fixbench.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Why a forked process ended, in one line: its own error line, else the exception its stack trace names. */
class ForkedRunReasonTest {
    @TempDir
    Path tmp;

    private String reason(String log) throws Exception {
        Path file = tmp.resolve("server.log");
        Files.writeString(file, log);
        return ForkedRun.tail(file);
    }

    @Test
    void theCommandLinesOwnLineIsTheReason() throws Exception {
        assertEquals("sbe: cannot open the store /x/A-B.store: No space left on device", reason("Picked up X\n"
                + "fixbench: sbe: cannot open the store /x/A-B.store: No space left on device\n"));
    }

    @Test
    void aStackTraceGivesTheExceptionItNamesNotItsLastFrames() throws Exception {
        assertEquals("java.lang.InternalError: a fault occurred in a recent unsafe memory access operation",
                reason("Exception in thread \"main\" java.lang.InternalError: a fault occurred in a recent unsafe "
                        + "memory access operation\n\tat org.fixbench.fix.session.SessionRecord.inFile(S.java:121)\n"
                        + "\tat picocli.CommandLine.execute(CommandLine.java:2174)\n"));
        assertEquals("a | b", reason("a\nb\n"), "else its last lines");
    }

    @Test
    void anExceptionWithoutAMessageIsNamedByItsKind() {
        assertEquals("EOFException", ForkedRun.describe(new EOFException()));
        assertTrue(ForkedRun.freeSpace(tmp).contains("bytes free in " + tmp), ForkedRun.freeSpace(tmp));
    }
}
