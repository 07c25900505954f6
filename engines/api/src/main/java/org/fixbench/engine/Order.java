package org.fixbench.engine;

import java.nio.charset.StandardCharsets;

/**
 * One order. Text values are ASCII; {@link #price()}, {@link #account()} are null and {@link #timeInForce()} is 0
 * when the order does not carry them. HandlInst (21) is {@link Workload#HANDL_INST} on new and replace orders.
 */
public final class Order {
    /** What an order is, and the ExecutionReport that answers it. */
    public enum Kind {
        LIMIT('D', '2', '0', '0', "NewOrderSingle (limit)"),
        MARKET('D', '1', '0', '0', "NewOrderSingle (market)"),
        CANCEL('F', (char) 0, '4', '4', "OrderCancelRequest"),
        REPLACE('G', '2', '5', '0', "OrderCancelReplaceRequest");

        private final char msgType;
        private final char ordType;
        private final char execType;
        private final char ordStatus;
        private final String description;

        Kind(char msgType, char ordType, char execType, char ordStatus, String description) {
            this.msgType = msgType;
            this.ordType = ordType;
            this.execType = execType;
            this.ordStatus = ordStatus;
            this.description = description;
        }

        /** MsgType (35) of the request. */
        public char msgType() { return msgType; }

        /** OrdType (40) the request carries; 0 for a cancel, which carries none. */
        public char ordType() { return ordType; }

        /** ExecType (150) of the answer: 0 new, 4 canceled, 5 replaced. */
        public char execType() { return execType; }

        /** OrdStatus (39) of the answer: 0 new, 4 canceled. */
        public char ordStatus() { return ordStatus; }

        /** Whether the request carries Price (44). */
        public boolean hasPrice() { return ordType == '2'; }

        /** Whether the request carries OrigClOrdID (41). */
        public boolean hasOrigClOrdId() { return msgType != 'D'; }

        /** LeavesQty (151) of the answer for an order of {@code orderQty}: 0 once canceled. */
        public long leavesQty(long orderQty) { return this == CANCEL ? 0 : orderQty; }

        public String description() { return description; }

        /** The ExecType an answer to a request of {@code msgType} carries; 0 for a type the workload cannot answer. */
        public static char execTypeFor(char msgType) {
            switch (msgType) {
                case 'D': return LIMIT.execType;
                case 'F': return CANCEL.execType;
                case 'G': return REPLACE.execType;
                default: return 0;
            }
        }

        /** The OrdStatus an answer to a request of {@code msgType} carries; 0 for a type the workload cannot answer. */
        public static char ordStatusFor(char msgType) {
            switch (msgType) {
                case 'D': return LIMIT.ordStatus;
                case 'F': return CANCEL.ordStatus;
                case 'G': return REPLACE.ordStatus;
                default: return 0;
            }
        }
    }

    private final int index;
    private final Kind kind;
    private final String symbol;
    private final char side;
    private final int orderQty;
    private final String price;
    private final String account;
    private final char timeInForce;
    private final String clOrdIdTail;
    private final byte[] symbolBytes;
    private final byte[] accountBytes;
    private final long priceMantissa;
    private final int priceScale;

    Order(int index, Kind kind, String symbol, char side, int orderQty, String price, String account,
          char timeInForce, String clOrdIdTail) {
        this.index = index;
        this.kind = kind;
        this.symbol = symbol;
        this.side = side;
        this.orderQty = orderQty;
        this.price = kind.hasPrice() ? price : null;
        this.account = account;
        this.timeInForce = kind == Kind.CANCEL ? 0 : timeInForce;
        this.clOrdIdTail = clOrdIdTail;
        this.symbolBytes = symbol.getBytes(StandardCharsets.US_ASCII);
        this.accountBytes = account == null ? null : account.getBytes(StandardCharsets.US_ASCII);
        int point = this.price == null ? -1 : this.price.indexOf('.');
        this.priceScale = point < 0 ? 0 : this.price.length() - point - 1;
        this.priceMantissa = this.price == null ? 0 : Long.parseLong(this.price.replace(".", ""));
    }

    public int index() { return index; }
    public Kind kind() { return kind; }
    public String symbol() { return symbol; }
    public byte[] symbolBytes() { return symbolBytes; }
    public char side() { return side; }
    public int orderQty() { return orderQty; }
    public String price() { return price; }
    public String account() { return account; }
    /** {@link #account()} in ASCII; null when the order has none. */
    public byte[] accountBytes() { return accountBytes; }
    /** {@link #price()} as mantissa × 10^-{@link #priceScale()}; 0 without a price. */
    public long priceMantissa() { return priceMantissa; }
    /** Digits after the point in {@link #price()}. */
    public int priceScale() { return priceScale; }
    public char timeInForce() { return timeInForce; }
    /** What follows the time in ClOrdID: empty for {@code fixed}. */
    public String clOrdIdTail() { return clOrdIdTail; }

    /**
     * Why an answer to this order is wrong, or null when it is right: ExecType, OrdStatus and Symbol (echoed from
     * the request) are compared.
     */
    public String mismatch(char execType, char ordStatus, CharSequence answeredSymbol) {
        if (execType != kind.execType || ordStatus != kind.ordStatus) {
            return "order " + index + " (" + kind.description + ") answered with ExecType " + printable(execType)
                    + " and OrdStatus " + printable(ordStatus) + ", expected " + kind.execType + " and "
                    + kind.ordStatus;
        }
        if (answeredSymbol == null || !symbol.contentEquals(answeredSymbol)) {
            return "order " + index + " (" + kind.description + ") answered with Symbol " + answeredSymbol
                    + ", expected " + symbol;
        }
        return null;
    }

    @Override
    public String toString() {
        return index + ": " + kind.description + " " + symbol + " " + side + " " + orderQty
                + (price == null ? "" : " @ " + price) + (account == null ? "" : " account " + account)
                + (timeInForce == 0 ? "" : " tif " + timeInForce) + " tail '" + clOrdIdTail + "'";
    }

    private static String printable(char c) {
        return c == 0 ? "(none)" : String.valueOf(c);
    }
}
