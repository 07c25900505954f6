package org.fixbench.engine.philadelphia;

import java.util.Properties;

import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.SessionsClient;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1): one {@link PhiladelphiaClient} per session, each its own
 * connection and SenderCompID, logged on one after another; all driven by the sending thread through the engines'
 * one {@link SessionsClient}, which receives only on the connections that have bytes, keeps every session alive once
 * per millisecond, and idles (the profile's mode) when no connection had a byte.
 */
final class PhiladelphiaSessionsClient {
    private PhiladelphiaSessionsClient() {
    }

    static SessionsClient of(EngineSetup setup, Properties profile) {
        SessionsClient.Member[] members = new SessionsClient.Member[setup.sessions()];
        for (int i = 0; i < members.length; i++) {
            PhiladelphiaClient client = PhiladelphiaClient.member(PhiladelphiaEngine.config(profile,
                    setup.forSession(i).clientCompId(), setup.serverCompId()), setup.flow());
            // receives only when its connection has bytes; kept alive once a millisecond
            members[i] = SessionsClient.Member.of(client, client::channel, now -> client.receive(),
                    client::tick);
        }
        Runnable idle = PhiladelphiaEngine.idle(profile);
        return new SessionsClient("philadelphia", members, worked -> {
            if (!worked) {
                idle.run();
            }
        }, null, null, true);
    }
}
