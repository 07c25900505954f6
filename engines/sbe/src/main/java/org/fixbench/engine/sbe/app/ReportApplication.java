package org.fixbench.engine.sbe.app;

import org.fixbench.engine.ServerHooks;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.MsgTypes;
import org.fixbench.fix.codec.RejectReason;
import org.fixbench.fix.codec.Tags;
import org.fixbench.fix.session.FixSession;
import org.fixbench.fix.session.SessionConfig;

/**
 * The benchmark's server application: each NewOrderSingle, OrderCancelRequest and OrderCancelReplaceRequest is
 * parsed into the SBE model and answered with the ExecutionReport of its kind, built in the model and encoded from it
 * ({@link OrderPath}). Nothing is allocated per
 * order.
 */
public final class ReportApplication implements FixSession.Application {
    private final OrderPath path;
    private final ServerHooks hooks;

    public ReportApplication(SessionConfig config, ServerHooks hooks) {
        this.path = new OrderPath(config);
        this.hooks = hooks;
    }

    @Override
    public boolean onMessage(FixSession session, FixMessage message) {
        if (!message.isType('D')) {
            return onAmendment(session, message);
        }
        if (!path.decode(message)) {
            session.reject(message, path.failure(), path.errorTag(), path.failureText());
            return true;
        }
        if (!path.hasQuantity()) {
            // the report needs the quantity: without it, the order is refused, never answered with another's
            session.reject(message, RejectReason.REQUIRED_TAG_MISSING, Tags.ORDER_QTY,
                    RejectReason.REQUIRED_TAG_MISSING.textFor(Tags.ORDER_QTY));
            return true;
        }
        hooks.orderReceived();
        // TransactTime: the time the session read the order at (as Philadelphia's server stamps its reports: one
        // clock read a poll)
        path.reportBody(session.nowMillis(), session.begin(MsgTypes.EXECUTION_REPORT));
        session.send(hooks); // "report sending" once framed and stored, just before the socket write
        return true;
    }

    /** An OrderCancelRequest or OrderCancelReplaceRequest, answered by the report of its kind; else not ours. */
    private boolean onAmendment(FixSession session, FixMessage message) {
        boolean cancel = message.isType('F');
        if (!cancel && !message.isType('G')) {
            return false;
        }
        if (!path.decodeAmendment(message, cancel)) {
            session.reject(message, path.failure(), path.errorTag(), path.failureText());
            return true;
        }
        hooks.orderReceived();
        path.amendmentReportBody(session.nowMillis(), session.begin(MsgTypes.EXECUTION_REPORT));
        session.send(hooks);
        return true;
    }
}
