package org.fixbench.engine.artio;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.session.Session;

/** A session handler that ignores the session events our roles do not act on; subclasses handle messages. */
abstract class QuietSessionHandler implements SessionHandler {
    @Override
    public void onTimeout(int libraryId, Session session) {
    }

    @Override
    public void onSlowStatus(int libraryId, Session session, boolean hasBecomeSlow) {
    }

    @Override
    public Action onDisconnect(int libraryId, Session session, DisconnectReason reason) {
        return Action.CONTINUE;
    }

    @Override
    public void onSessionStart(Session session) {
    }
}
