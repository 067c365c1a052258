#pragma once

#include "core/engines/engine.h"
#include "core/errors/schemanames.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringView>
#include <QVariantList>

#include <memory>

namespace sqlmend::core {

// Why a statement that ran may still not stand as the answer to a question: its rows depend on a
// choice the statement leaves open. A repair changes what the model wrote, so its result is taken
// only when it is free of doubt (DESIGN.md, "Verify").
enum class AnswerDoubt {
    None,
    NoRows,         // nothing came back
    NullsOnly,      // one row, every value in it NULL: an aggregate over no rows
    DuplicateRows,  // the same row more than once: a join that fans out, or a missing DISTINCT
    OrderTie,       // a LIMIT keeps rows that tie on its ORDER BY (or has none): which is arbitrary
    PatternReading, // LIKE '%x%' keeps other rows than the value x itself would
    ExtremeTie,     // several rows share the maximum or minimum the statement compares with
    ExtremeOfKey,   // MAX or MIN of a key column, or the first rows by one: keys measure nothing
    RepeatsFilter,  // every column returned is one its WHERE sets equal to a value
    ShowsFilter,    // next to other columns, it returns one whose value its WHERE gives
    NegatedJoin,    // its WHERE excludes a value of a table joined on the many side
    ArbitraryRow,   // a plain column beside an aggregate, ungrouped: its value is any row's
    ShowsRanking,   // beside the row it picks, the value its ORDER BY ... LIMIT 1 ranks by
    OuterColumn,    // a subquery reads a bare column its own tables lack from the query around it
    ChainedComparison, // a comparison whose truth is compared again: a = 'x' IS NULL
    CrossJoin,         // a table listed after a comma that no condition joins to the others
    UngroupedColumn,   // a column its GROUP BY leaves out, with several values in a group
    OneRowGroups,      // grouped by its one table's primary key, with an aggregate over each row
    AbsentValue,       // compares a text column with a value none of its rows holds, in any case
    ShowsHaving,       // beside the groups its HAVING keeps, the aggregate it keeps them by
    AlwaysTrue,        // an OR of two ranges of one column that hold every value between them
    KeyToKey,          // two tables' primary keys set equal where a foreign key links them
    TooManyRows,       // more rows than the checks hold (AnswerCheck::MaxCheckedRows)
    Unverified,        // a check could not run
};

// "" for None, else "no_rows", "nulls_only", "duplicate_rows", "order_tie", "pattern_reading",
// "extreme_tie", "extreme_of_key", "repeats_filter", "shows_filter", "negated_join",
// "arbitrary_row", "shows_ranking", "outer_column", "chained_comparison", "cross_join",
// "ungrouped_column", "one_row_groups", "absent_value", "shows_having", "always_true",
// "key_to_key", "too_many_rows", "unverified".
QString answerDoubtName(AnswerDoubt doubt);

// Two statements whose rows must agree for a result to be free of one doubt. An empty first
// statement stands for the statement itself, whose rows are already there.
struct AnswerProbe
{
    AnswerDoubt doubt = AnswerDoubt::None;
    QString first;
    QString second;
    bool ordered = false; // the rows are compared in order
    // Run when the second statement keeps no row (empty: none): keeping no row either counts as
    // agreement. A pattern whose value alone keeps nothing, not even with the spaces around the
    // stored values trimmed, was written to find a part of a text, which is then the one reading
    // that answers; a value stored with spaces around it ('Aberdeen ') is the value itself.
    QString whenNoRows;
};

// The checks on a result that decide whether it may stand as an answer. The probes are built from
// the statement's tokens (never by regexes over its text) and run on the same session by the
// executor (RunOptions::checkAnswer); what they find is RunResult::doubt.
// A statement read once for the checks that read its text (AnswerCheck::read): its scope and
// the shape of its outermost SELECT's filter. A plain value.
class StatementReading
{
public:
    StatementReading();
    ~StatementReading();
    StatementReading(const StatementReading &);
    StatementReading &operator=(const StatementReading &);

private:
    friend class AnswerCheck;
    struct Data;
    std::shared_ptr<const Data> d;
};

class AnswerCheck
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::AnswerCheck)

public:
    // The statement read for extremeOfKey, repeatsFilter, showsFilter, negatedJoin,
    // arbitraryRow and showsRanking, which each take it in place of its text: one reading of the
    // tokens for all of them.
    static StatementReading read(QStringView sql, Engine engine);

    // The rows a checked result may keep in memory while it waits for its checks, whatever the
    // run's own cap: a result with more does not stand (TooManyRows).
    static constexpr int MaxCheckedRows = 100000;

    // The probes of a statement whose result has columnCount columns:
    // - ties: the statement with every output column added to its outer ORDER BY as a tie-break,
    //   once ascending and once descending (a LIMIT without ORDER BY gets one made of them): the
    //   two agree only when no tie decides which rows come first or are kept;
    // - patterns: every LIKE/ILIKE '%value%' (also 'value%', '%value') read as the value itself,
    //   a '%' between words as a space ('%Ben%Jones%': 'Ben Jones'): the rows agree only when the
    //   pattern keeps nothing else, or when the values alone keep no row at all, even with the
    //   compared column trimmed (no name is 'computer', so '%computer%' is read as a part of a
    //   department's name; 'Aberdeen ' is Aberdeen, and '%Aberdeen%' stays in doubt);
    // - grouped columns: a grouped outermost SELECT (no set operator, no window) with each plain
    //   column its GROUP BY leaves out (SelectList::ungroupedItems) read once as its MIN and once
    //   as its MAX: the two agree only when the column has one value in each group (a column of
    //   the grouped key's own row), where SQLite and MySQL otherwise show any one row's value
    //   ("SELECT Maker, ModelId FROM model_list GROUP BY Maker"). SQLite's bare column beside its
    //   one MIN or MAX comes from the row that has that value, and is not read; nor is a
    //   statement on an engine that takes no such column (SqlEngine::groupsDecideJoinedColumns).
    static QList<AnswerProbe> probes(QStringView sql, Engine engine, int columnCount);

    // True when the statement keeps rows by comparing with a maximum or minimum: "= (SELECT
    // MAX(...) ...)" (or MIN, IN instead of =, the subquery on the left), ">= ALL (SELECT ...)"
    // and "<= ALL (SELECT ...)". More than one row then means they tie at the extreme, and
    // whether the question asks for all of them or for one is left open.
    static bool comparesWithExtreme(QStringView sql, Engine engine);

    // The first key column (table.column) the statement takes the MAX or MIN of, or orders by as
    // the one key of an ORDER BY that a LIMIT or FETCH keeping one row follows, or empty: a column
    // of its table's primary key or of one of its foreign keys, in the schema's names. A bare
    // column belongs to the first table that has it, its own query block's before an outer block's;
    // a derived table's columns are not known. The highest key is the row added last; a question
    // that asks for the most of something is answered by a count or a measure, not by a key ("WHERE
    // breed_code = (SELECT breed_code FROM Breeds ORDER BY breed_code LIMIT 1)" for the rarest
    // breed). None of Spider dev's 1,034 gold queries keeps its first rows by a key (86 by
    // another column).
    static QString extremeOfKey(QStringView sql, Engine engine, const SchemaNames &names);
    static QString extremeOfKey(const StatementReading &statement, const SchemaNames &names);

    // True when every column the outermost SELECT returns is a plain column that a conjunct of its
    // WHERE sets equal to a value: a literal, a parameter or a scalar subquery ("SELECT p.age ...
    // WHERE p.age = (SELECT MIN(age) ...)"). Its rows then only repeat the value the statement
    // compares with, where the question asks for something about the rows that have it. Columns
    // match by name, and by qualifier when both have one; a WHERE with a top-level OR, a compound
    // statement or a select list with anything but columns is not read. The same of a grouped
    // SELECT whose every item is an aggregate its HAVING sets equal to a value ("SELECT COUNT(id)
    // ... GROUP BY Language HAVING COUNT(id) = (SELECT MIN(...) ...)" for the least-used language
    // and its count): a HAVING with an OR outside its subqueries is not read. None of Spider dev's
    // 1,034 gold queries returns only what its HAVING sets equal.
    static bool repeatsFilter(QStringView sql, Engine engine);
    static bool repeatsFilter(const StatementReading &statement);

    // True when the outermost SELECT returns more than one item and one of them is a plain
    // column whose value a conjunct of its WHERE gives: "= value", "IN (value)", or a LIKE,
    // ILIKE or GLOB pattern ("SELECT p.Paragraph_ID, p.Paragraph_Text ... WHERE p.Paragraph_Text
    // LIKE '%Korea%'"). The question named that value and asks about other columns of the rows
    // that have it; returning the column too is a choice a question seldom makes and a model
    // often does. The value is one written in the statement (a literal or a parameter): one a
    // subquery computes is no value the question named ("WHERE owner_id = (SELECT owner_id ...
    // LIMIT 1)" for the owner with the most dogs, whose id the question asks for). A range (<, >,
    // BETWEEN) or a negation leaves the column's value open, and a question may well ask to see it.
    // Read as repeatsFilter reads: not a compound statement, not a WHERE with a top-level OR.
    static bool showsFilter(QStringView sql, Engine engine);
    static bool showsFilter(const StatementReading &statement);

    // The first column (table.column, in the schema's names) that a conjunct of the outermost
    // WHERE excludes a value of ("<> value", "!= value", "NOT LIKE pattern", "NOT IN (values)"),
    // where the column's table is joined to the tables of the returned columns on the many side:
    // no chain of foreign keys leads from each returned column's table to it. Or empty. Each
    // returned row then stands for any one of its joined rows that differs from the value, so a
    // row that also has joined rows with the value still comes back ("the countries whose cartoons
    // are not written by X" returns a country with one cartoon by X and one by Y); the question
    // mostly asks for the rows that have none (NOT IN or EXCEPT). Read only where every returned
    // item is a plain column and the schema knows foreign keys between the joined tables; not a
    // compound statement, not a WHERE with a top-level OR.
    static QString negatedJoin(QStringView sql, Engine engine, const SchemaNames &names);
    static QString negatedJoin(const StatementReading &statement, const SchemaNames &names);

    // True when the outermost SELECT (no set operator, no GROUP BY, no window) returns an
    // aggregate and, beside it, a plain column (or *): its one row stands for every row the
    // aggregate reads, and the column's value comes from any one of them ("SELECT Name,
    // MAX(Age) FROM singer" on MariaDB and MySQL, which say nothing of which row; "SELECT Name,
    // COUNT(*) FROM singer" on SQLite too). Where MIN or MAX is its one aggregate, SQLite takes
    // the column from the row that has that value, which is then read as no arbitrary row.
    static bool arbitraryRow(QStringView sql, Engine engine);
    static bool arbitraryRow(const StatementReading &statement);

    // True when the outermost SELECT (no set operator) keeps its one first row (LIMIT 1, FETCH
    // FIRST ROW ONLY) by an ORDER BY key that it also returns, by its expression, its alias or
    // its place: an aggregate next to an item without one ("SELECT T1.id, COUNT(*) ... GROUP BY
    // T1.id ORDER BY COUNT(*) DESC LIMIT 1"), or a value without an aggregate next to any other
    // item ("SELECT Model, MPG FROM ... ORDER BY MPG DESC LIMIT 1"). The question asks which row
    // has the most or the fewest; the measure shown next to it is a column it seldom asks for and
    // a model often adds: of Spider dev's gold queries that rank so, 8 of the 101 by an aggregate
    // return it (each asking "how many" too), and 6 of the 72 by a plain column. A list of the
    // first rows (the top 10 customers by spending) shows its measure as a matter of course and
    // is not read.
    static bool showsRanking(QStringView sql, Engine engine);
    static bool showsRanking(const StatementReading &statement);

    // True when the outermost SELECT (no set operator, no window) groups its rows, keeps some of
    // the groups with a HAVING condition on an aggregate, and returns that aggregate (by its
    // expression, or its alias in the condition) next to an item without an aggregate: "SELECT
    // grade, COUNT(*) FROM Highschooler GROUP BY grade HAVING COUNT(*) >= 4" for "the grades
    // that have at least 4 students". The question asks which groups; the measure it keeps them
    // by is a column it seldom asks for, and a model often adds: of the 79 gold queries of
    // Spider dev with a HAVING, 2 return it beside a group (one question, asked twice, that asks
    // for the measure too).
    static bool showsHaving(QStringView sql, Engine engine);
    static bool showsHaving(const StatementReading &statement);

    // The first bare column (table.column, in the schema's names) that a subquery reads from a
    // block around it (QueryScope::outerSourceOf): no table of the subquery's own block has it,
    // and one table of the nearest outer block that has it does. Or empty. SQL then takes the outer
    // row's value, so the subquery compares each row with itself ("car_names WHERE MakeId IN
    // (SELECT MakeId FROM cars_data)", where cars_data has no MakeId, keeps every car once any row
    // of cars_data qualifies). A correlated subquery names the outer table it reads; a bare name
    // that only an outer table has is a column the model took for one of the subquery's own. A
    // block with a subquery or a table the schema does not know among its sources is not read.
    static QString outerColumn(QStringView sql, Engine engine, const SchemaNames &names);
    static QString outerColumn(const StatementReading &statement, const SchemaNames &names);

    // True when a comparison (=, <>, <, ...) of one operand (a value, a name, a call or a
    // parenthesised expression) is followed at once by IS or another comparison: "c.Directed_by
    // = 'Ben Jones' IS NULL", "a = b = c". SQL reads it as a test of the first comparison's truth
    // ((c.Directed_by = 'Ben Jones') IS NULL), which a question seldom asks and a garbled
    // statement often is: two conditions that lost the AND between them or a NOT EXISTS written
    // as a join.
    static bool chainedComparison(QStringView sql, Engine engine);
    static bool chainedComparison(const StatementReading &statement);

    // True when a condition (a WHERE, ON or HAVING, or one in parentheses) is an OR of two
    // comparisons of one column with numbers, one bounding it from above and one from below,
    // whose ranges meet: "Weight < 40000 OR Weight > 3000", "x <= 5 OR x >= 5". It holds for
    // every value the column has, so it keeps every row with one: a range written with OR in
    // place of AND (or BETWEEN), or a bound mistyped, never a filter a question asks for. An AND
    // or another OR right beside the two comparisons makes them part of a longer condition, which
    // is not read.
    static bool alwaysTrue(QStringView sql, Engine engine);
    static bool alwaysTrue(const StatementReading &statement);

    // The first equality of an ON or WHERE (as "table.key = table.key", with the schema's names)
    // that sets the whole one-column primary keys of two tables equal, where a foreign key of one
    // of them references the other and this equality is not that key, or empty: "Templates JOIN
    // Documents ON Templates.Template_ID = Documents.Document_ID", where Documents.Template_ID
    // references Templates. Two tables' own ids number different things; equal ids pair rows by
    // chance, a join written on the wrong key. A table whose key is also its foreign key onto the
    // other's key (one row each) is that foreign key, and stands; tables no foreign key links are
    // not read.
    static QString keyToKey(QStringView sql, Engine engine, const SchemaNames &names);
    static QString keyToKey(const StatementReading &statement, const SchemaNames &names);

    // The first table (as written) that a query block lists after a comma or CROSS JOIN where no
    // equality of its ON or WHERE conditions joins it to another table of the block, or empty:
    // each of its rows then pairs with every row of the others ("FROM model_list, car_names,
    // cars_data WHERE car_names.Make = model_list.ModelId AND cars_data.Weight < ..."), which a
    // question seldom asks. Read only where the block names every column with its table (a
    // bare column may be the join) and has no OR (an OR leaves no equality certain); a subquery
    // listed so is not read (FROM t, (SELECT AVG(x) AS a FROM t) AS s WHERE t.x > s.a is one row).
    static QString crossJoin(QStringView sql, Engine engine);
    static QString crossJoin(const StatementReading &statement);

    // The table (in the schema's names) of the first query block that reads that one table,
    // groups by every column of its primary key and takes an aggregate (in its list, HAVING or
    // ORDER BY), or empty. Each group is then one row: COUNT gives 1 and the other aggregates the
    // row's own values, which no question about groups asks for ("SELECT Maker, ModelId FROM
    // model_list GROUP BY Maker, ModelId HAVING COUNT(*) <= 3" after id_to_key, where the
    // model's Id was the maker's). A block without an aggregate only lists its rows and is not
    // read, nor is one that joins another table or reads a subquery.
    static QString oneRowGroups(QStringView sql, Engine engine, const SchemaNames &names);
    static QString oneRowGroups(const StatementReading &statement, const SchemaNames &names);

    // The probes of a statement's values (AbsentValue), one per column of a table the schema
    // knows that the statement sets equal to a text value (column = 'value', 'value' = column;
    // on SQLite also a double-quoted word that names no column of the block's tables, which
    // SQLite reads as a string): the column's table with that filter, read with the stored values
    // and the value both trimmed and in lower case, against the table without it. The two agree
    // when some row holds the value, or when the table has no rows. Only columns the schema
    // declares as text (or with no type, on SQLite) are read. A value none of the column's rows
    // holds, in any letter case, with or without spaces around it, is one the data does not know
    // ('North Carolina' where the data writes 'NorthCarolina', a type's code compared with its
    // description): the statement answers about nothing in the data, typically a count of 0 or
    // the rows of the other side of an OR. A value the data writes in another case or with
    // spaces around it is the data's own ('Aberdeen' for 'Aberdeen '), which the question's
    // author compares with too, and is not read.
    static QList<AnswerProbe> valueProbes(const StatementReading &statement,
                                          const SchemaNames &names);

    // One row whose every value is NULL: what MIN, MAX, SUM or AVG give when no row matched the
    // filters, so it answers nothing (a filter compares with a value the data does not have, or
    // with one of another type). A count of 0 is a value and does not count.
    static bool onlyNulls(const QList<QVariantList> &rows);
    static bool hasDuplicateRows(const QList<QVariantList> &rows);
    // Equal rows (as multisets unless ordered); values compare by type and value.
    static bool sameRows(const QList<QVariantList> &a, const QList<QVariantList> &b, bool ordered);

    // What a doubt holds a result back for, in a few words for the command line's help ("no
    // rows"), marked with QT_TRANSLATE_NOOP in the context "sqlmend::core::AnswerCheck". nullptr
    // for None, and for TooManyRows and Unverified, where the checks could not decide.
    static const char *summary(AnswerDoubt doubt);
    // The summaries of the doubts a result can be held back for, translated, in AnswerDoubt's
    // order.
    static QStringList summaries();
    // For people: why the result does not stand.
    static QString reason(AnswerDoubt doubt);
    // The next step, for the model and for people; quotes no value from the data.
    static QString advice(AnswerDoubt doubt);
    // "doubt", "doubt_reason" and "doubt_advice" into object, for a doubt other than None.
    static void addTo(QJsonObject &object, AnswerDoubt doubt);
};

} // namespace sqlmend::core
