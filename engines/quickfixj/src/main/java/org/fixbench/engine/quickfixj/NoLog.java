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
        lastEvent = text;
    }

    @Override
    public void onErrorEvent(String text) {
        lastError = text;
    }
}
