package org.fixbench.engine.sbe;


import org.agrona.concurrent.IdleStrategy;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.SessionsClient;
import org.fixbench.fix.session.SessionConfig;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1): one {@link SbeClient} per session, each its own connection
 * and SenderCompID, with its share of the profile's store bounds, logged on one after another; all driven by the
 * sending thread through the engines' one {@link SessionsClient}, which polls a session only when its connection has
 * bytes, runs every session's timers once per millisecond, and idles (the profile's strategy) when none had a byte.
 */
final class SbeSessionsClient {
    private SbeSessionsClient() {
    }

    static SessionsClient of(EngineSetup setup, SessionConfig config) {
        int sessions = setup.sessions();
        SessionsClient.Member[] members = new SessionsClient.Member[sessions];
        SessionConfig shared = config.storeSharedBy(sessions);
        for (int i = 0; i < sessions; i++) {
            SessionConfig member = shared.withCompIds(setup.forSession(i).clientCompId(), config.targetCompId());
            SbeClient client = new SbeClient(member, setup.flow(), () -> SbeEngine.record(setup, member));
            // polled only when its connection has bytes; its timers once a millisecond
            members[i] = SessionsClient.Member.of(client, client::channel, now -> client.session().poll(now),
                    now -> client.session().tick(now));
        }
        IdleStrategy idle = SessionConfig.idleStrategy(config.idle());
        int bufferBytes = config.bufferBytes();
        return new SessionsClient("sbe", members, worked -> idle.idle(worked ? 1 : 0),
                held -> SbeEngine.memoryRefusal(sessions, held, bufferBytes), null, true);
    }
}
