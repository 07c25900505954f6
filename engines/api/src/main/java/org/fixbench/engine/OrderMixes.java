package org.fixbench.engine;

import java.util.SplittableRandom;

import org.fixbench.engine.Order.Kind;

/**
 * The generated workloads: {@code fixed}, the {@link Workload}'s one limit order, and {@code mixed:SEED}, a cycle of
 * {@value OrderFlow#MIXED_ORDERS} orders drawn from a seeded random source at the shares of
 * {@link OrderFlow#MIXED_SHARES_PERCENT} (the same seed, the same orders on every machine and JVM).
 */
final class OrderMixes {
    private static final String[] SYMBOLS = {"F", "GE", "IBM", "ACME", "MSFTX", "VOD.LN", "BRK-B.N", "ROYALDUT",
            "ALLIANZ.DE", "NESTLE.SWX", "TOTALENERGY", "BERKSHIRE-A"};
    private static final String[] ACCOUNTS = {"A1", "ACCT-0001", "DESK-7-PROP-01"};
    private static final char[] TIMES_IN_FORCE = {'0', '1', '3'};
    static final String LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

    private OrderMixes() {
    }

    /** Today's workload: the {@link Workload}'s limit order. */
    static Order[] fixed() {
        return new Order[] {new Order(0, Kind.LIMIT, Workload.SYMBOL, Workload.SIDE, Workload.ORDER_QTY,
                Workload.PRICE, Workload.ACCOUNT, Workload.TIME_IN_FORCE, "")};
    }

    /** The seeded mix: the same seed gives the same orders, on every machine and JVM. */
    static Order[] mixed(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Order[] orders = new Order[OrderFlow.MIXED_ORDERS];
        for (int i = 0; i < orders.length; i++) {
            Kind kind = i == 0 ? Kind.LIMIT : pick(random.nextInt(100));
            String symbol = SYMBOLS[random.nextInt(SYMBOLS.length)];
            char side = random.nextBoolean() ? '1' : '2';
            int orderQty = 100 * (1 + random.nextInt(100));
            int whole = random.nextInt(new int[] {10, 100, 1_000, 10_000}[random.nextInt(4)]) + 1;
            int decimals = random.nextInt(5);
            StringBuilder price = new StringBuilder().append(whole);
            if (decimals > 0) {
                price.append('.');
                for (int d = 0; d < decimals; d++) {
                    price.append((char) ('0' + (d == decimals - 1 ? 1 + random.nextInt(9) : random.nextInt(10))));
                }
            }
            String account = random.nextBoolean() ? ACCOUNTS[random.nextInt(ACCOUNTS.length)] : null;
            char tif = random.nextBoolean() ? TIMES_IN_FORCE[random.nextInt(TIMES_IN_FORCE.length)] : 0;
            StringBuilder tail = new StringBuilder("-").append(i);
            int letters = random.nextInt(9);
            for (int l = 0; l < letters; l++) {
                tail.append(LETTERS.charAt(random.nextInt(LETTERS.length())));
            }
            orders[i] = new Order(i, kind, symbol, side, orderQty, price.toString(), account, tif, tail.toString());
        }
        return orders;
    }

    /**
     * The lifecycle cycle: {@value OrderFlow#LIFECYCLE_ORDERS} resting limit orders (Day, no Account), each followed by
     * {@code replaces} replaces of it (each a new price: a replace that changes nothing is refused by many venues),
     * and {@code cancelPercent} of them (spread evenly over the cycle) by a cancel of it; the requests of one order
     * are sent one after another, the next order's New after them.
     */
    static Order[] lifecycle(int replaces, int cancelPercent) {
        java.util.List<Order> orders = new java.util.ArrayList<>();
        for (int o = 0; o < OrderFlow.LIFECYCLE_ORDERS; o++) {
            int i = orders.size();
            orders.add(new Order(i, Kind.LIMIT, Workload.SYMBOL, Workload.SIDE, Workload.ORDER_QTY,
                    lifecyclePrice(0), null, Workload.TIME_IN_FORCE, "-" + i));
            for (int r = 1; r <= replaces; r++) {
                i = orders.size();
                orders.add(new Order(i, Kind.REPLACE, Workload.SYMBOL, Workload.SIDE, Workload.ORDER_QTY,
                        lifecyclePrice(r), null, Workload.TIME_IN_FORCE, "-" + i));
            }
            // Bresenham: order o is cancelled when the count of cancels so far steps up
            if ((o + 1) * cancelPercent / 100 > o * cancelPercent / 100) {
                i = orders.size();
                orders.add(new Order(i, Kind.CANCEL, Workload.SYMBOL, Workload.SIDE, Workload.ORDER_QTY, null, null,
                        (char) 0, "-" + i));
            }
        }
        return orders.toArray(new Order[0]);
    }

    /** The price of an order's {@code replace}-th version (0: its New): the workload's price, a cent lower each time. */
    private static String lifecyclePrice(int replace) {
        return new java.math.BigDecimal(Workload.PRICE).subtract(java.math.BigDecimal.valueOf(replace, 2))
                .toPlainString();
    }

    private static Kind pick(int percent) {
        int bound = 0;
        Kind[] kinds = Kind.values();
        for (int k = 0; k < kinds.length; k++) {
            bound += OrderFlow.MIXED_SHARES_PERCENT[k];
            if (percent < bound) {
                return kinds[k];
            }
        }
        throw new IllegalStateException("shares do not add up to 100");
    }
}
