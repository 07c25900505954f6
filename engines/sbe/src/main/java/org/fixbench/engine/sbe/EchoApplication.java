package org.fixbench.engine.sbe;

import java.util.HashSet;
import java.util.Set;

/**
 * The conformance server application ({@code serve --app echo}): a NewOrderSingle goes back as a NewOrderSingle
 * with the same body, except a PossResend (97=Y) duplicate of a ClOrdID already seen, which is dropped; a
 * SecurityDefinition is echoed; any other application message gets a BusinessMessageReject. Not a benchmark path
 * (it keeps every ClOrdID it has seen).
 */
final class EchoApplication implements FixSession.Application {
    private final Set<String> clOrdIds = new HashSet<>();
    private final FixDictionary dictionary;

    EchoApplication(FixDictionary dictionary) {
        this.dictionary = dictionary;
    }

    @Override
    public boolean onMessage(FixSession session, FixMessage message) {
        boolean order = message.isType('D');
        if (!order && !message.isType('d')) {
            return false;
        }
        if (order) {
            boolean isNew = clOrdIds.add(message.text(11));
            if (!isNew && message.isFlag(97, 'Y')) {
                return true; // a PossResend of an order already seen
            }
        }
        FixWriter w = session.begin(message.typeKey());
        for (int f = 0; f < message.count(); f++) {
            int tag = message.tag(f);
            if (!dictionary.header().allows(tag) && !dictionary.trailer().allows(tag)) {
                w.rawField(tag, message.buffer(), message.start(f), message.length(f));
            }
        }
        session.send();
        return true;
    }
}
