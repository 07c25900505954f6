package org.fixbench.engine.quickfixj;

import quickfix.Log;
import quickfix.LogFactory;

/** A QuickFIX/J log that keeps nothing: without one, QuickFIX/J falls back to printing every message. */
final class NoLog implements Log {
    static final LogFactory FACTORY = sessionID -> new NoLog();

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
    }

    @Override
    public void onErrorEvent(String text) {
    }
}
