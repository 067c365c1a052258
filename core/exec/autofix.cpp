#include "core/exec/autofix.h"

#include "core/errors/namesuggester.h"
#include "core/sql/dialect.h"
#include "core/sql/sqltokenizer.h"

#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

QStringList uniqueNames(const QStringList &names)
{
    QStringList unique;
    QSet<QString> seen;
    for (const QString &name : names) {
        if (!name.isEmpty() && !seen.contains(name.toLower())) {
            seen.insert(name.toLower());
            unique << name;
        }
    }
    return unique;
}

bool sameName(const SqlToken &token, QStringView wrong)
{
    if (token.kind == SqlTokenKind::QuotedIdentifier)
        return token.name == wrong;
    return token.name.compare(wrong, Qt::CaseInsensitive) == 0;
}

} // namespace

QString Autofix::missingName(const Diagnosis &diagnosis)
{
    // The messages of PostgreSQL, MySQL/MariaDB and SQLite for a missing column or table; this
    // reads the engine's message, never the user's SQL.
    static const QRegularExpression patterns[] = {
            QRegularExpression(u"column \"?([^\" ]+)\"? does not exist"_s),
            QRegularExpression(u"relation \"([^\"]+)\" does not exist"_s),
            QRegularExpression(u"Unknown column '([^']+)'"_s),
            QRegularExpression(u"Table '([^']+)' doesn't exist"_s),
            QRegularExpression(u"no such column: ([^\\s]+)"_s),
            QRegularExpression(u"no such table: ([^\\s]+)"_s),
    };
    const QString text =
            diagnosis.error.rootCause.isEmpty() ? diagnosis.error.raw : diagnosis.error.rootCause;
    for (const QRegularExpression &pattern : patterns) {
        const QRegularExpressionMatch match = pattern.match(text);
        if (match.hasMatch())
            return match.captured(1).section(u'.', -1);
    }
    return {};
}

std::optional<Autofix::Repair> Autofix::repair(QStringView sql, Engine engine,
                                               const Diagnosis &diagnosis,
                                               const SchemaNames &schema)
{
    const ErrorClass errorClass = diagnosis.errorClass();
    if (errorClass != ErrorClass::ColumnMissing && errorClass != ErrorClass::TableMissing)
        return std::nullopt;
    const QString wrong = missingName(diagnosis);
    if (wrong.isEmpty())
        return std::nullopt;

    const QList<SqlToken> tokens = SqlTokenizer(engine).tokenize(sql);
    QStringList candidates;
    if (errorClass == ErrorClass::TableMissing) {
        candidates = schema.tableNames();
    } else {
        // Columns of the tables the statement names; of every table when it names none we know.
        QStringList tables;
        for (const SqlToken &token : tokens) {
            if (token.isIdentifier() && schema.findTable(token.name))
                tables << schema.findTable(token.name)->name;
        }
        candidates = schema.columnNames(uniqueNames(tables));
    }
    candidates = uniqueNames(candidates);
    if (candidates.contains(wrong, Qt::CaseInsensitive))
        return std::nullopt; // the name exists: something else is wrong
    const std::optional<QString> best = NameSuggester::uniqueBest(wrong, candidates);
    if (!best)
        return std::nullopt;

    Repair repair;
    repair.wrongName = wrong;
    repair.realName = *best;
    repair.sql = sql.toString();
    const Dialect &dialect = Dialect::forEngine(engine);
    // From the end, so that earlier offsets stay valid.
    for (auto it = tokens.crbegin(); it != tokens.crend(); ++it) {
        if (!it->isIdentifier() || !sameName(*it, wrong))
            continue;
        const QString replacement =
                it->kind == SqlTokenKind::QuotedIdentifier ? dialect.quoteIdentifier(*best) : *best;
        repair.sql.replace(it->offset, it->length, replacement);
        ++repair.replacements;
    }
    if (repair.replacements == 0)
        return std::nullopt;
    return repair;
}

} // namespace sqlmend::core
