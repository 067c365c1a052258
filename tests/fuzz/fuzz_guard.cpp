// Feeds arbitrary bytes through the tokenizer and the statement guard for every dialect family.
// Bit 0 of byte 0 picks the decoding (UTF-8 or Latin-1); the rest is the SQL. Beyond "no crash"
// it checks invariants: tokens stay inside the text in order, a verdict is either allowed or has
// a reason, and appending a second statement to an allowed query gets it refused.

#include "core/sql/sqltokenizer.h"
#include "core/sql/statementguard.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

void require(bool condition)
{
    if (!condition)
        std::abort();
}

void checkTokens(QStringView sql, Engine engine)
{
    const QList<SqlToken> tokens = SqlTokenizer(engine).tokenize(sql);
    qsizetype previousEnd = 0;
    for (const SqlToken &token : tokens) {
        require(token.length > 0 && token.offset >= previousEnd && token.end() <= sql.size());
        previousEnd = token.end();
    }
    for (const SqlStatementRange &range : SqlTokenizer::statements(tokens))
        require(range.first < range.last && range.last <= tokens.size());
}

void checkGuard(const QString &sql, Engine engine)
{
    const GuardVerdict verdict = StatementGuard::check(sql, engine);
    require(verdict.allowed == verdict.reason.isEmpty());
    require(verdict.offset >= -1
            && verdict.offset <= qMax(sql.size(), StatementGuard::maximumLength));
    if (!verdict.allowed)
        return;
    require(!verdict.kind.isEmpty());
    const GuardVerdict second = StatementGuard::check(sql + u"\n;DELETE FROM t"_s, engine);
    require(!second.allowed);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *text = reinterpret_cast<const char *>(data + 1);
    const qsizetype length = qsizetype(size - 1);
    const QString sql =
            (data[0] & 1) ? QString::fromLatin1(text, length) : QString::fromUtf8(text, length);
    for (Engine engine : {Engine::PostgreSQL, Engine::MySQL, Engine::MariaDB, Engine::SQLite,
                          Engine::SqlServer, Engine::ClickHouse, Engine::Snowflake, Engine::DuckDB,
                          Engine::BigQuery, Engine::Unknown}) {
        checkTokens(sql, engine);
        checkGuard(sql, engine);
    }
    return 0;
}
