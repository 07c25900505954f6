package org.fixbench.engine.external;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fixbench.engine.EngineContractTest;

/**
 * The contract every engine passes, for an external engine: an engine file whose command starts TestGateway (a
 * QuickFIX/J acceptor of its own CompIDs, a Password in its Logon, seven sessions, orders that rest until cancelled
 * or replaced), driven by the external client as a user's gateway is.
 */
@org.junit.jupiter.api.Tag("long") // a gateway JVM started for each of the contract's six cases: 20 s
class ExternalContractTest extends EngineContractTest {
    @Override
    protected String engineUnderTest() {
        Path file = tmp.resolve("contract-gateway.properties");
        try {
            if (!Files.exists(file)) {
                TestGateway.engineFile(file, "s3cret", "lifecycle,sessions:7", "clientCompId=ACME-{n}",
                        "serverCompId=VENUE-GW", "logonFields=553=trader{n}|554=s3cret", "idle=yield",
                        "maxSessions=7", "cancelRejectPercent=100", "startTimeoutMillis=20000");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "external:" + file;
    }

    /** A gateway the suite did not build has no in-memory channel: it runs in a process of its own. */
    @Override
    protected boolean hasInMemoryRoundTrip() {
        return false;
    }
}
