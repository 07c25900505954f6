package org.fixbench.engine.quickfixj;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import quickfix.Log;
import quickfix.LogFactory;
import quickfix.SessionID;

/**
 * A QuickFIX/J log that writes nothing (without one, QuickFIX/J falls back to printing every message) and keeps only
 * the last event and the last error event QuickFIX/J noted of its session ("MsgSeqNum too high, ...",
 * "Disconnecting: ..."), so that a session that ends can say why. Messages are not looked at.
 */
final class NoLog implements Log {
    private volatile String lastEvent;
    private volatile String lastError;

    /** A factory whose logs can be asked for their session's last events. */
    static final class Factory implements LogFactory {
        private final Map<SessionID, NoLog> logs = new ConcurrentHashMap<>();

        @Override
        public Log create(SessionID sessionID) {
            return logs.computeIfAbsent(sessionID, id -> new NoLog());
        }

        /** What QuickFIX/J last noted of {@code id}'s session (its last error first), or null. */
        String lastEvents(SessionID id) {
            NoLog log = logs.get(id);
            if (log == null || (log.lastEvent == null && log.lastError == null)) {
                return null;
            }
            return log.lastError == null ? log.lastEvent
                    : log.lastError + (log.lastEvent == null || log.lastEvent.equals(log.lastError) ? ""
                    : "; then: " + log.lastEvent);
        }
    }

    @Override
    public void clear() {
    }

    @Override
    public void onIncoming(String message) {
    }

    @Override
    public void onOutgoing(String message) {
    }

    @Override
    public void onEvent(String text) {
        lastEvent = oneLine(text);
    }

    @Override
    public void onErrorEvent(String text) {
        lastError = oneLine(text);
    }

    /**
     * {@code text} on one line: QuickFIX/J notes an exception with its stack trace, and a reason is one line. Its
     * first line, and where it was thrown (the first frame), e.g. {@code java.nio.BufferOverflowException (at
     * org.apache.mina.filter.ssl.SSLHandlerG1.write_start(SSLHandlerG1.java:385))}.
     */
    static String oneLine(String text) {
        if (text == null) {
            return null;
        }
        String[] lines = text.strip().split("\\R");
        String first = lines[0].strip();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("at ")) {
                return first + " (" + line + ")";
            }
        }
        return first;
    }
}
