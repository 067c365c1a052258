// Writes cases in a loop and prints the id of each one after its transaction committed, so that
// tst_casestore can kill it with SIGKILL at any moment and check that every printed id survived.
// Usage: crashwriter <store location> [count]; a PostgreSQL password comes from
// SQLMEND_CASES_PASSWORD. With a count it writes that many cases and exits 0.

#include "core/cases/casestore.h"

#include <QCoreApplication>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() != 2 && arguments.size() != 3) {
        std::fputs("usage: crashwriter <store location> [count]\n", stderr);
        return 2;
    }
    const qint64 count = arguments.size() == 3 ? arguments.at(2).toLongLong() : -1;
    CaseStore store;
    const Result<Done> opened =
            store.open(arguments.at(1), qEnvironmentVariable("SQLMEND_CASES_PASSWORD"));
    if (!opened) {
        std::fprintf(stderr, "crashwriter: %s\n", qPrintable(opened.error().message));
        return 1;
    }
    for (qint64 n = 0; count < 0 || n < count; ++n) {
        CaseRecord record;
        record.kind = n % 3 == 0 ? CaseKind::Bad : CaseKind::Good;
        record.question = u"crash question %1: how many orders per customer?"_s.arg(n);
        record.sql =
                u"SELECT customer_id, count(*) FROM orders GROUP BY customer_id -- %1"_s.arg(n);
        record.columns = {u"customer_id"_s, u"count"_s};
        record.rowCount = n + 1;
        record.notes = QString(int(n % 50) * 100, u'x');
        // A writer that commits in a tight loop can hold SQLite's write lock past the other's
        // busy timeout (the lock is not fair, least of all on a loaded machine): a "busy" refusal
        // loses nothing and is tried again; any other failure ends the writer.
        Result<qint64> id = store.addCase(record);
        for (int retry = 0; !id && id.error().code == u"busy"_s && retry < 20; ++retry)
            id = store.addCase(record);
        if (!id) {
            std::fprintf(stderr, "crashwriter: %s\n", qPrintable(id.error().message));
            return 1;
        }
        // One write() per line: a pipe never splits a write smaller than PIPE_BUF.
        std::printf("%lld\n", static_cast<long long>(id.value()));
        std::fflush(stdout);
    }
    return 0;
}
