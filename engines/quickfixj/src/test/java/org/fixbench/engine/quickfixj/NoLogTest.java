package org.fixbench.engine.quickfixj;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What QuickFIX/J last noted of a session becomes one line of a reason, however it noted it. */
class NoLogTest {
    @Test
    void anExceptionWithItsStackTraceBecomesItsFirstLineAndWhereItWasThrown() {
        String noted = "java.nio.BufferOverflowException\n"
                + "\tat org.apache.mina.filter.ssl.SSLHandlerG1.write_start(SSLHandlerG1.java:385)\n"
                + "\tat org.apache.mina.filter.ssl.SSLHandlerG1.write(SSLHandlerG1.java:354)\n";
        assertEquals("java.nio.BufferOverflowException (at org.apache.mina.filter.ssl.SSLHandlerG1.write_start("
                + "SSLHandlerG1.java:385))", NoLog.oneLine(noted));
        assertEquals("Disconnecting: Encountered END_OF_STREAM", NoLog.oneLine("Disconnecting: Encountered "
                + "END_OF_STREAM"));
        assertEquals("first line", NoLog.oneLine("first line\r\nsecond line"));
    }

    @Test
    void theFactoryGivesTheLastErrorThenTheLastEventOnOneLine() {
        NoLog.Factory factory = new NoLog.Factory();
        quickfix.SessionID id = new quickfix.SessionID("FIX.4.4", "A", "B");
        quickfix.Log log = factory.create(id);
        log.onErrorEvent("java.lang.IllegalStateException: x\n\tat a.B.c(B.java:1)");
        log.onEvent("Disconnecting");
        assertEquals("java.lang.IllegalStateException: x (at a.B.c(B.java:1)); then: Disconnecting",
                factory.lastEvents(id));
    }
}
