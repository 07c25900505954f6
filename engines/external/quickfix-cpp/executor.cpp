// fixbench's QuickFIX C++ executor: a FIX acceptor on QuickFIX C++ (Debian's libquickfix-dev 1.15.1) that answers
// each NewOrderSingle with one ExecutionReport (ExecType and OrdStatus New) echoing its ClOrdID, as every fixbench
// server does. FIX.4.2, FIX.4.4 and FIXT.1.1 (FIX.5.0SP2) sessions.
//
//   quickfix-executor SETTINGS PORT SENDER TARGET BEGINSTRING
//
// SETTINGS is a QuickFIX settings file of [DEFAULT] keys (fix-configs/external/quickfix-cpp/); the port, the CompIDs
// and the BeginString are the engine file's, set here. It prints its version with --version, and stops on SIGTERM
// or SIGINT.
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <string>
#include <unistd.h>

#include "quickfix/Application.h"
#include "quickfix/MessageCracker.h"
#include "quickfix/MessageStore.h"
#include "quickfix/Session.h"
#include "quickfix/SessionSettings.h"
#include "quickfix/SocketAcceptor.h"
#include "quickfix/fix42/ExecutionReport.h"
#include "quickfix/fix42/NewOrderSingle.h"
#include "quickfix/fix44/ExecutionReport.h"
#include "quickfix/fix44/NewOrderSingle.h"
#include "quickfix/fix50sp2/ExecutionReport.h"
#include "quickfix/fix50sp2/NewOrderSingle.h"

namespace {

volatile std::sig_atomic_t stopping = 0;

void onSignal(int) { stopping = 1; }

class Executor : public FIX::Application, public FIX::MessageCracker {
 public:
  void onCreate(const FIX::SessionID&) override {}
  void onLogon(const FIX::SessionID& id) override { std::cout << "logon " << id << std::endl; }
  void onLogout(const FIX::SessionID& id) override { std::cout << "logout " << id << std::endl; }
  void toAdmin(FIX::Message&, const FIX::SessionID&) override {}
  void toApp(FIX::Message&, const FIX::SessionID&) throw(FIX::DoNotSend) override {}
  void fromAdmin(const FIX::Message&, const FIX::SessionID&)
      throw(FIX::FieldNotFound, FIX::IncorrectDataFormat, FIX::IncorrectTagValue, FIX::RejectLogon) override {}
  void fromApp(const FIX::Message& message, const FIX::SessionID& id)
      throw(FIX::FieldNotFound, FIX::IncorrectDataFormat, FIX::IncorrectTagValue,
            FIX::UnsupportedMessageType) override {
    crack(message, id);
  }

  void onMessage(const FIX42::NewOrderSingle& order, const FIX::SessionID& id) override {
    FIX::ClOrdID clOrdId;
    FIX::Symbol symbol;
    FIX::Side side;
    FIX::OrderQty qty;
    order.get(clOrdId);
    order.get(symbol);
    order.get(side);
    order.get(qty);
    FIX42::ExecutionReport report(FIX::OrderID(next("ORD-")), FIX::ExecID(next("EXE-")),
                                  FIX::ExecTransType(FIX::ExecTransType_NEW), FIX::ExecType(FIX::ExecType_NEW),
                                  FIX::OrdStatus(FIX::OrdStatus_NEW), symbol, side, FIX::LeavesQty(qty),
                                  FIX::CumQty(0), FIX::AvgPx(0));
    report.set(clOrdId);
    report.set(qty);
    send(report, id);
  }

  void onMessage(const FIX44::NewOrderSingle& order, const FIX::SessionID& id) override {
    FIX::ClOrdID clOrdId;
    FIX::Symbol symbol;
    FIX::Side side;
    FIX::OrderQty qty;
    order.get(clOrdId);
    order.get(symbol);
    order.get(side);
    order.get(qty);
    FIX44::ExecutionReport report(FIX::OrderID(next("ORD-")), FIX::ExecID(next("EXE-")),
                                  FIX::ExecType(FIX::ExecType_NEW), FIX::OrdStatus(FIX::OrdStatus_NEW), side,
                                  FIX::LeavesQty(qty), FIX::CumQty(0), FIX::AvgPx(0));
    report.set(clOrdId);
    report.set(symbol);
    report.set(qty);
    send(report, id);
  }

  void onMessage(const FIX50SP2::NewOrderSingle& order, const FIX::SessionID& id) override {
    FIX::ClOrdID clOrdId;
    FIX::Symbol symbol;
    FIX::Side side;
    FIX::OrderQty qty;
    order.get(clOrdId);
    order.get(symbol);
    order.get(side);
    order.get(qty);
    FIX50SP2::ExecutionReport report(FIX::OrderID(next("ORD-")), FIX::ExecID(next("EXE-")),
                                     FIX::ExecType(FIX::ExecType_NEW), FIX::OrdStatus(FIX::OrdStatus_NEW), side,
                                     FIX::LeavesQty(qty), FIX::CumQty(0));
    report.set(clOrdId);
    report.set(symbol);
    report.set(qty);
    send(report, id);
  }

 private:
  unsigned long counter = 0;

  std::string next(const char* prefix) { return prefix + std::to_string(++counter); }

  static void send(FIX::Message& report, const FIX::SessionID& id) {
    try {
      FIX::Session::sendToTarget(report, id);
    } catch (FIX::SessionNotFound&) {
      std::cerr << "no session " << id << std::endl;
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "--version") {
    std::cout << "QuickFIX C++ " << (QUICKFIX_VERSION_STRING) << " (fixbench executor)" << std::endl;
    return 0;
  }
  if (argc != 6) {
    std::cerr << "usage: quickfix-executor SETTINGS PORT SENDER TARGET BEGINSTRING" << std::endl;
    return 2;
  }
  try {
    FIX::SessionSettings settings(argv[1]);
    FIX::Dictionary defaults = settings.get();
    defaults.setString("ConnectionType", "acceptor");
    defaults.setString("SocketAcceptPort", argv[2]);
    settings.set(defaults);
    std::string begin = argv[5];
    FIX::SessionID id(begin, argv[3], argv[4]);
    FIX::Dictionary session;
    if (begin == "FIXT.1.1") {
      session.setString("DefaultApplVerID", "FIX.5.0SP2");
    }
    settings.set(id, session);
    Executor executor;
    FIX::MemoryStoreFactory store;
    FIX::SocketAcceptor acceptor(executor, store, settings);
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    acceptor.start();
    std::cout << "listening on " << argv[2] << " as " << argv[3] << " for " << argv[4] << " (" << begin << ")"
              << std::endl;
    while (!stopping) {
      usleep(100000);
    }
    acceptor.stop();
    return 0;
  } catch (std::exception& e) {
    std::cerr << "quickfix-executor: " << e.what() << std::endl;
    return 1;
  }
}
