#pragma once

#include "core/errors/diagnosis.h"
#include "core/errors/queryscope.h"
#include "core/errors/schemanames.h"
#include "core/exec/runoptions.h"

#include <QString>
#include <QtGlobal>
#include <QStringView>

#include <memory>
#include <optional>

namespace sqlmend::core {

// What a repair step looks at: the statement the database rejected, the diagnosis (class, rule
// and captures) and, where known, the live schema's names.
class RepairInput
{
public:
    RepairInput(QString sql, Engine engine, Diagnosis diagnosis, const SchemaNames *schema);

    const QString &sql() const { return m_sql; }
    Engine engine() const { return m_engine; }
    const Diagnosis &diagnosis() const { return m_diagnosis; }
    ErrorClass errorClass() const { return m_diagnosis.errorClass(); }
    // A capture of the row that recognised the error ("" when it has none).
    QString capture(Capture which) const;
    // Whether the engine's syntax error stopped at this token of scope(): the word it names
    // (SQLite, PostgreSQL) or the statement it quotes from there on (MySQL, MariaDB) starts there.
    bool stoppedAt(qsizetype token) const;
    const SchemaNames *schema() const { return m_schema; }
    // The statement's tables, aliases and references, read once on first use.
    const QueryScope &scope() const;

private:
    QString m_sql;
    Engine m_engine = Engine::Unknown;
    Diagnosis m_diagnosis;
    const SchemaNames *m_schema = nullptr;
    mutable std::unique_ptr<QueryScope> m_scope;
};

// A repaired statement, and which step made it.
struct Repair
{
    QString step; // the step's name: "qualify_column", "fix_spelling", ...
    QString sql;
    QString change; // what was changed, for people ("Airline -> T1.Airline")
    AnswerChecks checkAnswer = AnswerChecks::All; // RepairStep::checksAnswer()
};

// One deterministic repair: a change that cannot alter what the question asked (a unique
// spelling fix, a qualifier where every candidate is equivalent, cutting text around the
// statement, a dialect spelling the engine's error proves foreign). The database judges the
// result like any other attempt; what cannot be made safe stays advice.
class RepairStep
{
public:
    virtual ~RepairStep() = default;
    virtual QString name() const = 0;
    // What the step repairs, in a few words for the command line's help ("a unique spelling
    // fix"), marked with QT_TRANSLATE_NOOP in the context "sqlmend::core::Repairs".
    virtual const char *summary() const = 0;
    virtual std::optional<Repair> propose(const RepairInput &input) const = 0;
    // Whether the repaired statement's result must be free of doubt (AnswerCheck) to stand as the
    // answer. Every step's result is checked unless the step says otherwise.
    virtual AnswerChecks checksAnswer() const { return AnswerChecks::All; }

protected:
    Repair made(QString sql, QString change) const;
};

// Small helpers the steps share.
namespace repairtext {

// The token texts of sql with some tokens replaced (index -> replacement); the text between tokens
// is kept as it is.
QString replaced(QStringView sql, const QList<SqlToken> &tokens,
                 const QList<std::pair<qsizetype, QString>> &replacements);
// sql up to (not including) the token at index, without trailing white space and ';'.
QString before(QStringView sql, const QList<SqlToken> &tokens, qsizetype index);
// The index of the first token that is not a comment from from + step on, going by step (1 or
// -1), or -1 when there is none.
qsizetype significant(const QList<SqlToken> &tokens, qsizetype from, int step);
// The operand on one side of the operator at op, read away from it (step +1 or -1): its column's
// token and its qualifier's (-1 when bare); the column is -1 when there is none.
std::pair<qsizetype, qsizetype> operandBeside(const QList<SqlToken> &tokens, qsizetype op,
                                              int step);
// Parentheses open and close in balance over these tokens.
bool balanced(const QList<SqlToken> &tokens, qsizetype from, qsizetype to);
// Starts (after white space and parentheses) with SELECT or WITH.
bool startsAsQuery(QStringView sql, Engine engine);
// Without white space and ';' at the end.
QString trimmedStatement(QStringView sql);
// A name an error captured, without its quotes: all of it (schema.table.column), or its last part.
QString unquotedName(const QString &captured);
QString lastNamePart(const QString &name);
// The token names the name: exactly when quoted, in any letter case when not.
bool namesIt(const SqlToken &token, QStringView name);
// A schema's name as a repair writes it: quoted where the model quoted it (quoted), where the name
// needs quotes, and on PostgreSQL where folding to lower case would lose its letter case.
QString spelledName(const QString &name, Engine engine, bool quoted = false);
// A name the model wrote unquoted (an alias), written again: quoted only where it needs quotes.
QString writtenName(const QString &name, Engine engine);
// A * that stands for columns (SELECT *, t.*), not a product or count(*): a join would add to them.
bool selectsStar(QStringView sql, const QList<SqlToken> &tokens);
// The last token of the FROM item whose table name is at index: its alias when it has one.
qsizetype itemEnd(const QList<SqlToken> &tokens, qsizetype table, const QString &alias,
                  const QString &tableName);
// " LEFT JOIN table [AS as] ON from.fromColumn = table.toColumn": the join onto a table's key the
// join steps write, which keeps every row of what it is written after. table and the columns are
// the schema's names, spelled for the engine; as and from are aliases as the statement writes
// them (as is left out where it is the table's own name).
QString leftJoin(Engine engine, const QString &table, const QString &as, const QString &from,
                 const QString &fromColumn, const QString &toColumn);
// The same with another join's keyword ("JOIN").
QString keyJoin(Engine engine, QStringView join, const QString &table, const QString &as,
                const QString &from, const QString &fromColumn, const QString &toColumn);
// The index of the last token of the FROM item that starts at token, with its joins: the one
// before a comma, a clause after FROM, a closing parenthesis or the end. A join written after it
// joins that item.
qsizetype fromItemEnd(const QueryScope &scope, qsizetype token);
// The qualifier's token before a qualified column's token (T1 in T1.Course), or -1 where no dot
// stands between them.
qsizetype qualifierOf(QStringView sql, const QList<SqlToken> &tokens, qsizetype column);
// A column the engine named with its qualifier (no such column: T1.Course), where the qualifier
// stands for a table of the schema, not a subquery or a WITH query, and that table lacks the
// column.
struct QualifiedMissing
{
    QString qualifier;
    QString column;
    const QueryScope::Source *source = nullptr;
    const SchemaNames::Table *table = nullptr;
};
std::optional<QualifiedMissing> qualifiedMissing(const RepairInput &input);
// A GROUP BY anywhere in the statement, in any block.
bool groupsRows(const QList<SqlToken> &tokens);
// The tokens of the GROUP BY list of the block the FROM item at token belongs to: [first, end),
// or an empty range when the block does not group.
std::pair<qsizetype, qsizetype> groupByList(const QueryScope &scope, qsizetype token);
// Token i, a column that a join on table's key column fromColumn brings in, stands inside SUM, AVG
// or TOTAL of its own query block (at any depth of the argument), and several rows of table may
// meet one joined row (fromColumn is not table's whole primary key): the aggregate adds the joined
// row's value once for each of them (a country's population once per language spoken there),
// where the model, which took the column for one of table's own, meant each value once.
bool sumsJoinedValue(const QueryScope &scope, qsizetype i, const SchemaNames::Table &table,
                     const QString &fromColumn);

// Items 0 .. size - 1 joined pairwise (union-find): whether the joins make them one group, as
// equalities of a statement join its tables.
class JoinedGroups
{
public:
    explicit JoinedGroups(qsizetype size);
    void join(qsizetype a, qsizetype b);
    bool allJoined();

private:
    qsizetype root(qsizetype i);
    QList<qsizetype> m_parent;
};

} // namespace repairtext

} // namespace sqlmend::core
