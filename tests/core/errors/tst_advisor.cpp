#include "core/errors/advisor.h"
#include "core/errors/diagnosis.h"
#include "core/sql/statementguard.h"
#include "tests/support/tablechain.h"

#include <QRegularExpression>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

SchemaNames shopSchema()
{
    SchemaNames schema;
    schema.tables = {
            {u"public"_s, u"users"_s, {u"id"_s, u"username"_s, u"email"_s, u"created_at"_s}, false},
            {u"public"_s,
             u"orders"_s,
             {u"id"_s, u"user_id"_s, u"status"_s, u"total"_s, u"created_at"_s, u"payment_time"_s},
             false},
            {u"public"_s,
             u"order_items"_s,
             {u"id"_s, u"order_id"_s, u"quantity"_s, u"price"_s},
             false},
            {u"public"_s, u"salaries"_s, {u"id"_s, u"user_id"_s, u"amount"_s}, false},
            {u"public"_s, u"categories"_s, {u"id"_s, u"name"_s}, false},
            {u"public"_s, u"daily_sales"_s, {u"day"_s, u"total"_s}, true},
            {u"archive"_s, u"old_orders"_s, {u"id"_s, u"total"_s}, false},
    };
    schema.functions = {u"order_total"_s};
    return schema;
}

Advice adviseText(const QString &engineName, const QString &className, const QString &message,
                  const SchemaNames *schema)
{
    DecapsulatedError error;
    error.raw = message;
    error.rootCause = message;
    Classification classification;
    classification.errorClass = errorClassFromName(className).value_or(ErrorClass::Other);
    classification.terminal = isTerminal(classification.errorClass);
    return Advisor::advise(engineFromName(engineName), error, classification, schema);
}

// The diagnosis of an engine's message about statement, read with schema when there is one.
Diagnosis diagnoseStatement(Engine engine, const QString &message, const QString &statement,
                            const SchemaNames *schema = nullptr)
{
    DiagnoseOptions options;
    options.statement = statement;
    return diagnose(EngineError::fromText(engine, message), schema, options);
}

// The first part of mustContain the advice lacks, or of mustNotContain it has, with the advice;
// empty when there is none.
QString missedPart(const QString &advice, const QStringList &mustContain,
                   const QStringList &mustNotContain = {})
{
    for (const QString &part : mustContain) {
        if (!advice.contains(part))
            return part + u" not in: "_s + advice;
    }
    for (const QString &part : mustNotContain) {
        if (advice.contains(part))
            return part + u" in: "_s + advice;
    }
    return {};
}

} // namespace

class tst_Advisor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void nextStep_data();
    void nextStep();
    void everyClassHasAdvice();
    void groupByNamesColumnsFromStatement_data();
    void groupByNamesColumnsFromStatement();
    void terminalClassesSayDoNotRetry_data();
    void terminalClassesSayDoNotRetry();
    void textFormat();
    void boundedForHugeMessages_data();
    void boundedForHugeMessages();
    void emptySchemaIsNoSchema();
    void saysWhereANameLives_data();
    void saysWhereANameLives();
    void comparedAsSharedKey_data();
    void comparedAsSharedKey();
    void joinsWhereNoKeyIsDeclared_data();
    void joinsWhereNoKeyIsDeclared();
    void aColumnOfThousandsOfTables();
    void namesWrittenByConvention_data();
    void namesWrittenByConvention();
    void notSqlIsSyntax_data();
    void notSqlIsSyntax();
    void foreignConstructs_data();
    void foreignConstructs();
    void doubleQuotedValue();
    void clickHouseDistributedJoin_data();
    void clickHouseDistributedJoin();
    void qualifierWithoutDot_data();
    void qualifierWithoutDot();
    void severalWordAliases_data();
    void severalWordAliases();
    void withQueryColumns_data();
    void withQueryColumns();
    void datePartOfANumber_data();
    void datePartOfANumber();
    void extractPart_data();
    void extractPart();
    void rownum_data();
    void rownum();
    void roleColumns_data();
    void roleColumns();
    void missingTableListsTheTables();
    void missingTableKnownByItsColumns_data();
    void missingTableKnownByItsColumns();
    void cutOffAtAnAlias_data();
    void cutOffAtAnAlias();
    void unitsAndStems_data();
    void unitsAndStems();
    void unbalancedParentheses_data();
    void unbalancedParentheses();
    void unclosedQuotes_data();
    void unclosedQuotes();
    void backslashQuoteAtAWord();
    void tableReadTwiceUnderOneName();
    void postgresGrammarErrors_data();
    void postgresGrammarErrors();
};

void tst_Advisor::init()
{
    // An invalid pattern in the advisor only warns at run time; make it fail here.
    QTest::failOnWarning(QRegularExpression(u".*"_s));
}

void tst_Advisor::nextStep_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QString>("message");
    QTest::addColumn<bool>("withSchema");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("mustNotContain");
    QTest::addColumn<QStringList>("suggestionsStart");

    using L = QStringList;
    auto row = [](const char *name) -> QTestData & { return QTest::newRow(name); };

    // column_missing
    row("pg column, schema") << u"postgresql"_s << u"column_missing"_s
                             << u"column \"user_name\" does not exist"_s << true
                             << L{u"Use one of: username"_s} << L{} << L{u"username"_s};
    row("mariadb qualified column")
            << u"mariadb"_s << u"column_missing"_s << u"Unknown column 'o.user_name' in 'SELECT'"_s
            << true << L{u"`o.user_name`"_s, u"username"_s} << L{} << L{u"username"_s};
    row("sqlite column") << u"sqlite"_s << u"column_missing"_s << u"no such column: pay_time"_s
                         << true << L{u"payment_time"_s} << L{} << L{u"payment_time"_s};
    row("pg column of relation") << u"postgresql"_s << u"column_missing"_s
                                 << u"column \"emial\" of relation \"users\" does not exist"_s
                                 << true << L{u"`users`"_s, u"email"_s} << L{} << L{u"email"_s};
    row("trino column") << u"trino"_s << u"column_missing"_s
                        << u"line 1:8: Column 'statsu' cannot be resolved"_s << true
                        << L{u"status"_s} << L{} << L{u"status"_s};
    row("sqlite table has no column")
            << u"sqlite"_s << u"column_missing"_s << u"table orders has no column named totl"_s
            << true << L{u"`orders`"_s, u"total"_s} << L{} << L{u"total"_s};
    row("pg string in double quotes")
            << u"postgresql"_s << u"column_missing"_s << u"column \"Ann\" does not exist"_s << false
            << L{u"single quotes"_s, u"'Ann'"_s} << L{} << L{};
    row("column, no schema") << u"mysql"_s << u"column_missing"_s
                             << u"Unknown column 'cnt' in 'HAVING'"_s << false
                             << L{u"`cnt`"_s, u"schema"_s} << L{u"Use one of"_s} << L{};

    // table_missing
    row("pg relation") << u"postgresql"_s << u"table_missing"_s
                       << u"relation \"order_item\" does not exist"_s << true
                       << L{u"Use one of: order_items"_s} << L{} << L{u"order_items"_s};
    row("mariadb case") << u"mariadb"_s << u"table_missing"_s
                        << u"Table 'shop.Orders' doesn't exist"_s << true
                        << L{u"`shop.Orders`"_s, u"orders"_s} << L{} << L{u"orders"_s};
    row("sqlite table") << u"sqlite"_s << u"table_missing"_s << u"no such table: categorys"_s
                        << true << L{u"categories"_s} << L{} << L{u"categories"_s};
    row("missing FROM entry") << u"postgresql"_s << u"table_missing"_s
                              << u"missing FROM-clause entry for table \"o\""_s << false
                              << L{u"`o`"_s, u"FROM"_s} << L{} << L{};
    row("schema missing") << u"postgresql"_s << u"table_missing"_s
                          << u"schema \"archiv\" does not exist"_s << true << L{u"archive"_s} << L{}
                          << L{u"archive"_s};

    // function_missing
    row("pg date_format") << u"postgresql"_s << u"function_missing"_s
                          << u"function date_format(timestamp without time zone, unknown) does "
                             "not exist"_s
                          << false << L{u"to_char("_s} << L{} << L{};
    row("pg ifnull") << u"postgresql"_s << u"function_missing"_s
                     << u"function ifnull(integer, integer) does not exist"_s << false
                     << L{u"COALESCE("_s} << L{} << L{};
    row("pg datediff") << u"postgresql"_s << u"function_missing"_s
                       << u"function datediff(unknown, timestamp without time zone, timestamp "
                          "with time zone) does not exist"_s
                       << false << L{u"age("_s} << L{} << L{};
    row("pg round double") << u"postgresql"_s << u"function_missing"_s
                           << u"function round(double precision, integer) does not exist"_s << false
                           << L{u"::numeric"_s, u"double precision"_s} << L{u"has no function"_s}
                           << L{};
    row("sqlite date_trunc") << u"sqlite"_s << u"function_missing"_s
                             << u"no such function: date_trunc"_s << false << L{u"strftime("_s}
                             << L{} << L{};
    row("sqlite date_part") << u"sqlite"_s << u"function_missing"_s
                            << u"no such function: DATE_PART"_s << false
                            << L{u"`strftime('%Y', col)` for the year"_s} << L{} << L{};
    row("sqlite str_to_date") << u"sqlite"_s << u"function_missing"_s
                              << u"no such function: STR_TO_DATE"_s << false << L{u"`date(col)`"_s}
                              << L{} << L{};
    row("sqlite intersect columns")
            << u"sqlite"_s << u"syntax"_s
            << u"SELECTs to the left and right of INTERSECT do not have the same number of result "
               "columns"_s
            << false << L{u"joined by INTERSECT"_s} << L{u"UNION"_s} << L{};
    row("postgres except columns")
            << u"postgresql"_s << u"syntax"_s
            << u"ERROR:  each EXCEPT query must have the same number of columns"_s << false
            << L{u"joined by EXCEPT"_s} << L{} << L{};
    row("sqlite mean") << u"sqlite"_s << u"function_missing"_s << u"no such function: mean"_s
                       << false << L{u"`AVG(col)`"_s} << L{} << L{};
    row("mariadb to_char") << u"mariadb"_s << u"function_missing"_s
                           << u"FUNCTION shop.to_char does not exist"_s << false
                           << L{u"DATE_FORMAT("_s, u"`to_char`"_s} << L{u"shop.to_char"_s} << L{};
    row("sqlserver length") << u"sqlserver"_s << u"function_missing"_s
                            << u"'length' is not a recognized built-in function name."_s << false
                            << L{u"LEN("_s} << L{} << L{};
    row("schema function") << u"postgresql"_s << u"function_missing"_s
                           << u"function order_totl(integer) does not exist"_s << true
                           << L{u"order_total"_s} << L{} << L{u"order_total"_s};
    row("argument count") << u"mariadb"_s << u"function_missing"_s
                          << u"Incorrect parameter count in the call to native function 'ifnull'"_s
                          << false << L{u"number of arguments"_s} << L{} << L{};
    row("count of two columns") << u"sqlite"_s << u"function_missing"_s
                                << u"wrong number of arguments to function COUNT()"_s << false
                                << L{u"`COUNT(*)`"_s, u"`COUNT(DISTINCT column)`"_s} << L{}
                                << L{u"COUNT(*)"_s};

    // cast_error
    row("pg decimal text to integer")
            << u"postgresql"_s << u"cast_error"_s
            << u"invalid input syntax for type integer: \"2000.0\""_s << false
            << L{u"::FLOAT8"_s, u"::numeric"_s, u"2000.0"_s} << L{u"CAST(col AS INT)"_s} << L{};
    row("hologres decimal text") << u"hologres"_s << u"cast_error"_s
                                 << u"ERROR:  invalid input syntax for integer: \"2000.0\""_s
                                 << false << L{u"::FLOAT8"_s, u"2000.0"_s} << L{} << L{};
    row("pg text that is no number") << u"postgresql"_s << u"cast_error"_s
                                     << u"invalid input syntax for type integer: \"paid\""_s
                                     << false << L{u"not a number"_s, u"`paid`"_s} << L{} << L{};
    row("mariadb end of input") << u"mariadb"_s << u"syntax"_s
                                << u"You have an error in your SQL syntax; check the manual that "
                                   "corresponds to your MariaDB server version for the right "
                                   "syntax to use near '' at line 1"_s
                                << false << L{u"ends too early"_s} << L{} << L{};
    row("mysql decimal") << u"mysql"_s << u"cast_error"_s
                         << u"Truncated incorrect DECIMAL value: 'x1'"_s << false
                         << L{u"CAST(col AS DECIMAL(18,4))"_s, u"x1"_s} << L{} << L{};
    row("sqlite store") << u"sqlite"_s << u"cast_error"_s
                        << u"cannot store TEXT value in INTEGER column order_items_strict.qty"_s
                        << false << L{u"CAST(col AS REAL)"_s} << L{} << L{};
    row("clickhouse number") << u"clickhouse"_s << u"cast_error"_s
                             << u"Cannot parse string 'abc' as Float64: syntax error"_s << false
                             << L{u"toFloat64OrNull(col)"_s, u"abc"_s} << L{} << L{};
    row("trino cast") << u"trino"_s << u"cast_error"_s << u"Cannot cast '2000.0' to INT"_s << false
                      << L{u"TRY_CAST(col AS DOUBLE)"_s} << L{} << L{};
    row("sqlserver conversion") << u"sqlserver"_s << u"cast_error"_s
                                << u"Conversion failed when converting the varchar value 'abc' "
                                   "to data type int."_s
                                << false << L{u"TRY_CAST(col AS FLOAT)"_s} << L{} << L{};
    row("snowflake numeric") << u"snowflake"_s << u"cast_error"_s
                             << u"Numeric value '' is not recognized"_s << false
                             << L{u"TRY_CAST("_s} << L{} << L{};
    row("bigquery") << u"bigquery"_s << u"cast_error"_s << u"Bad double value: abc"_s << false
                    << L{u"SAFE_CAST("_s} << L{} << L{};
    row("pg date") << u"postgresql"_s << u"cast_error"_s
                   << u"date/time field value out of range: \"2024-13-45\""_s << false
                   << L{u"2024-13-45"_s, u"YYYY-MM-DD"_s} << L{} << L{};

    // group_by
    row("pg group by") << u"postgresql"_s << u"group_by"_s
                       << u"column \"o.status\" must appear in the GROUP BY clause or be used in "
                          "an aggregate function"_s
                       << false << L{u"`o.status`"_s, u"GROUP BY"_s} << L{} << L{u"o.status"_s};
    row("mysql group by") << u"mysql"_s << u"group_by"_s
                          << u"Expression #1 of SELECT list is not in GROUP BY clause and contains "
                             "nonaggregated column 'db.t.c' which is not functionally dependent"_s
                          << false << L{u"`t.c`"_s} << L{u"db.t.c"_s} << L{u"t.c"_s};
    row("trino group by") << u"trino"_s << u"group_by"_s
                          << u"line 1:8: 'a.col0' must be an aggregate expression or appear in "
                             "GROUP BY clause"_s
                          << false << L{u"`a.col0`"_s} << L{} << L{u"a.col0"_s};
    row("clickhouse group by") << u"clickhouse"_s << u"group_by"_s
                               << u"Column level is not under aggregate function and not in "
                                  "GROUP BY."_s
                               << false << L{u"`level`"_s} << L{} << L{u"level"_s};
    row("sqlserver group by") << u"sqlserver"_s << u"group_by"_s
                              << u"Column 'retailers.id' is invalid in the select list because "
                                 "it is not contained in either an aggregate function or the "
                                 "GROUP BY clause."_s
                              << false << L{u"`retailers.id`"_s} << L{} << L{u"retailers.id"_s};
    row("aggregate in where") << u"postgresql"_s << u"group_by"_s
                              << u"aggregate functions are not allowed in WHERE"_s << false
                              << L{u"HAVING"_s} << L{} << L{};

    // ambiguous_column
    row("pg ambiguous, schema") << u"postgresql"_s << u"ambiguous_column"_s
                                << u"column reference \"created_at\" is ambiguous"_s << true
                                << L{u"public.users"_s, u"public.orders"_s, u"alias"_s} << L{}
                                << L{u"users.created_at"_s, u"orders.created_at"_s};
    row("sqlite ambiguous") << u"sqlite"_s << u"ambiguous_column"_s
                            << u"ambiguous column name: id"_s << false << L{u"`id`"_s, u"alias"_s}
                            << L{} << L{};
    row("mariadb ambiguous") << u"mariadb"_s << u"ambiguous_column"_s
                             << u"Column 'id' in SELECT is ambiguous"_s << false << L{u"`id`"_s}
                             << L{} << L{};

    // syntax
    row("reserved word, schema") << u"postgresql"_s << u"syntax"_s
                                 << u"syntax error at or near \"order\"\nLINE 1: SELECT * FROM "
                                    "order\n                      ^"_s
                                 << true << L{u"reserved"_s, u"\"order\""_s, u"orders"_s} << L{}
                                 << L{u"orders"_s};
    row("reserved word, mysql") << u"mariadb"_s << u"syntax"_s
                                << u"You have an error in your SQL syntax; check the manual that "
                                   "corresponds to your MariaDB server version for the right "
                                   "syntax to use near 'order' at line 1"_s
                                << false << L{u"`order`"_s, u"reserved"_s} << L{} << L{};
    row("token") << u"postgresql"_s << u"syntax"_s << u"syntax error at or near \"SELEC\""_s
                 << false << L{u"`SELEC`"_s} << L{u"reserved"_s} << L{};
    row("double colon in mysql") << u"mariadb"_s << u"syntax"_s
                                 << u"You have an error in your SQL syntax; check the manual "
                                    "that corresponds to your MariaDB server version for the "
                                    "right syntax to use near '::int FROM users' at line 1"_s
                                 << false << L{u"CAST(col AS type)"_s} << L{} << L{};
    row("top in sqlite") << u"sqlite"_s << u"syntax"_s
                         << u"near \"10\": syntax error\n  SELECT TOP 10 * FROM orders"_s << false
                         << L{u"LIMIT n"_s} << L{} << L{};
    row("union columns") << u"postgresql"_s << u"syntax"_s
                         << u"each UNION query must have the same number of columns"_s << false
                         << L{u"UNION"_s} << L{} << L{};

    // the rest
    row("operator") << u"postgresql"_s << u"operator_mismatch"_s
                    << u"operator does not exist: integer = text\nLINE 1: SELECT 1"_s << false
                    << L{u"`integer`"_s, u"`text`"_s, u"col::text"_s} << L{} << L{};
    row("mariadb operator") << u"mariadb"_s << u"operator_mismatch"_s
                            << u"Illegal parameter data types inet6 and int for operation '='"_s
                            << false << L{u"`inet6`"_s, u"`=`"_s} << L{} << L{};
    row("division") << u"postgresql"_s << u"division_by_zero"_s << u"division by zero"_s << false
                    << L{u"NULLIF("_s} << L{} << L{};
    row("connection") << u"postgresql"_s << u"connection"_s
                      << u"connection to server at \"127.0.0.1\", port 1 failed: Connection "
                         "refused"_s
                      << false << L{u"not the query's fault"_s} << L{u"Do not retry"_s} << L{};
    row("resource") << u"clickhouse"_s << u"resource_exceeded"_s
                    << u"Memory limit (for query) exceeded: would use 18.75 GiB"_s << false
                    << L{u"LIMIT"_s, u"same shape"_s, u"partition"_s} << L{} << L{};
    row("timeout") << u"postgresql"_s << u"timeout"_s
                   << u"canceling statement due to statement timeout"_s << false
                   << L{u"LIMIT"_s, u"same shape"_s} << L{} << L{};
    row("subquery rows") << u"postgresql"_s << u"other"_s
                         << u"more than one row returned by a subquery used as an expression"_s
                         << false << L{u"EXISTS"_s} << L{} << L{};
    // ClickHouse's spellings.
    row("clickhouse 18 identifier")
            << u"clickhouse"_s << u"column_missing"_s << u"Unknown identifier: user_name"_s << true
            << L{u"Use one of: username"_s} << L{} << L{u"username"_s};
    row("clickhouse case") << u"clickhouse"_s << u"column_missing"_s
                           << u"Unknown identifier: UserName"_s << true
                           << L{u"letter case"_s, u"username"_s} << L{} << L{u"username"_s};
    row("clickhouse readonly table function")
            << u"clickhouse"_s << u"read_only_violation"_s
            << u"Table functions are forbidden in readonly mode"_s << false
            << L{u"system.numbers"_s, u"?readonly=2"_s} << L{u"would change data"_s} << L{};
    row("clickhouse readonly=2 profile")
            << u"clickhouse"_s << u"read_only_violation"_s
            << u"Setting 'readonly' cannot be overrided in readonly mode"_s << false
            << L{u"?readonly=2"_s} << L{u"would change data"_s} << L{};
    row("clickhouse current_date")
            << u"clickhouse"_s << u"function_missing"_s << u"Unknown function CURRENT_DATE"_s
            << false << L{u"today()"_s} << L{} << L{};
    row("clickhouse unnest") << u"clickhouse"_s << u"function_missing"_s
                             << u"Unknown function unnest"_s << false << L{u"arrayJoin(arr)"_s}
                             << L{} << L{};
    row("clickhouse cast") << u"clickhouse"_s << u"cast_error"_s
                           << u"Cannot parse string 'abc' as Int64: syntax error at begin of "
                              "string."_s
                           << false << L{u"toInt64OrNull(col)"_s} << L{} << L{};
    row("clickhouse double distributed")
            << u"clickhouse"_s << u"other"_s
            << u"Double-distributed IN/JOIN subqueries is denied (distributed_product_mode = "
               "'deny'). You may rewrite query to use local tables in subqueries, or use GLOBAL "
               "keyword, or set distributed_product_mode to suitable value."_s
            << false << L{u"GLOBAL JOIN"_s, u"GLOBAL IN"_s} << L{} << L{};
    // A subquery in the place of one value with several columns: the same step whatever class
    // the engine's code gives it.
    row("sqlite sub-select columns") << u"sqlite"_s << u"operator_mismatch"_s
                                     << u"sub-select returns 2 columns - expected 1"_s << false
                                     << L{u"more than one column"_s} << L{u"Cast"_s} << L{};
    row("pg subquery columns") << u"postgresql"_s << u"syntax"_s
                               << u"subquery must return only one column"_s << false
                               << L{u"more than one column"_s} << L{} << L{};
    row("mariadb operand columns")
            << u"mariadb"_s << u"operator_mismatch"_s << u"Operand should contain 1 column(s)"_s
            << false << L{u"more than one column"_s} << L{u"Cast"_s} << L{};
    row("sqlite order by position")
            << u"sqlite"_s << u"column_missing"_s
            << u"1st ORDER BY term out of range - should be between 1 and 1"_s << true
            << L{u"`ORDER BY`"_s, u"position"_s} << L{u"does not exist"_s} << L{};
    // ORDER BY or LIMIT inside one SELECT of a compound statement.
    row("sqlite limit before union")
            << u"sqlite"_s << u"syntax"_s << u"LIMIT clause should come after UNION not before"_s
            << false << L{u"`UNION`"_s, u"`LIMIT`"_s, u"subquery"_s} << L{} << L{};
    row("other") << u"postgresql"_s << u"other"_s << u"something unheard of"_s << false
                 << L{u"schema"_s, u"PostgreSQL"_s} << L{} << L{};
}

void tst_Advisor::nextStep()
{
    QFETCH(QString, engine);
    QFETCH(QString, errorClass);
    QFETCH(QString, message);
    QFETCH(bool, withSchema);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, mustNotContain);
    QFETCH(QStringList, suggestionsStart);

    const SchemaNames schema = shopSchema();
    const Advice advice = adviseText(engine, errorClass, message, withSchema ? &schema : nullptr);
    const QString missed = missedPart(advice.nextStep, mustContain, mustNotContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
    QCOMPARE(advice.suggestions.mid(0, suggestionsStart.size()), suggestionsStart);
    QCOMPARE(advice.rootCause, message.trimmed());
}

void tst_Advisor::groupByNamesColumnsFromStatement_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("suggestions");
    QTest::addColumn<QString>("mustContain");
    // SQLite names no column when a GROUP BY is missing and an aggregate orders the rows.
    QTest::newRow("sqlite misuse, statement known")
            << u"misuse of aggregate: count()"_s
            << u"SELECT city, count(*) FROM users ORDER BY count(*) DESC"_s
            << QStringList{u"city"_s} << u"`GROUP BY city ORDER BY count(*)`"_s;
    QTest::newRow("sqlite misuse, two columns")
            << u"misuse of aggregate: max()"_s
            << u"SELECT u.city, u.username FROM users u ORDER BY max(u.id)"_s
            << QStringList{u"u.city"_s, u"u.username"_s}
            << u"`GROUP BY u.city, u.username ORDER BY max(u.id)`"_s;
    QTest::newRow("sqlite misuse, statement unknown")
            << u"misuse of aggregate: count()"_s << QString() << QStringList()
            << u"Add every selected plain column to GROUP BY"_s;
    QTest::newRow("the message's own column wins")
            << u"ERROR:  column \"users.city\" must appear in the GROUP BY clause or be used in an "
               "aggregate function"_s
            << u"SELECT city, username, count(*) FROM users"_s << QStringList{u"users.city"_s}
            << u"`users.city`"_s;
}

void tst_Advisor::groupByNamesColumnsFromStatement()
{
    QFETCH(QString, message);
    QFETCH(QString, statement);
    QFETCH(QStringList, suggestions);
    QFETCH(QString, mustContain);
    const Engine engine = message.startsWith(u"ERROR:"_s) ? Engine::PostgreSQL : Engine::SQLite;
    const Diagnosis diagnosis = diagnoseStatement(engine, message, statement);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"group_by"_s);
    QCOMPARE(diagnosis.advice.suggestions, suggestions);
    QVERIFY2(diagnosis.advice.nextStep.contains(mustContain),
             qPrintable(diagnosis.advice.nextStep));
}

void tst_Advisor::everyClassHasAdvice()
{
    const SchemaNames schema = shopSchema();
    QStringList natures;
    for (ErrorClass errorClass : allErrorClasses()) {
        for (const SchemaNames *names : {static_cast<const SchemaNames *>(nullptr), &schema}) {
            const Advice advice = adviseText(u"postgresql"_s, errorClassName(errorClass),
                                             u"ERROR:  some error"_s, names);
            QVERIFY2(!advice.nature.isEmpty(), qPrintable(errorClassName(errorClass)));
            QVERIFY2(!advice.nextStep.isEmpty(), qPrintable(errorClassName(errorClass)));
            if (!names)
                natures.append(advice.nature);
        }
    }
    // Each class is put in its own words.
    natures.removeDuplicates();
    QCOMPARE(natures.size(), allErrorClasses().size());
}

void tst_Advisor::terminalClassesSayDoNotRetry_data()
{
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("alternative");
    QTest::newRow("permission") << u"permission"_s << u"permission denied for table salaries"_s
                                << u"access"_s;
    QTest::newRow("storage") << u"storage_format"_s
                             << u"Table 'shop.ghost_users' doesn't exist in engine"_s << u"owner"_s;
    QTest::newRow("type") << u"type_unsupported"_s << u"type \"datetime\" does not exist"_s
                          << u"timestamp"_s;
    QTest::newRow("read only") << u"read_only_violation"_s
                               << u"cannot execute INSERT in a read-only transaction"_s
                               << u"SELECT"_s;
}

void tst_Advisor::terminalClassesSayDoNotRetry()
{
    QFETCH(QString, errorClass);
    QFETCH(QString, message);
    QFETCH(QString, alternative);
    const Advice advice = adviseText(u"postgresql"_s, errorClass, message, nullptr);
    QVERIFY2(advice.nextStep.startsWith(u"Do not retry"_s), qPrintable(advice.nextStep));
    QVERIFY2(advice.nextStep.contains(alternative), qPrintable(advice.nextStep));
    // A terminal class never offers a name to retry with.
    QVERIFY(advice.suggestions.isEmpty());
}

void tst_Advisor::textFormat()
{
    const SchemaNames schema = shopSchema();
    const Advice advice = adviseText(u"postgresql"_s, u"permission"_s,
                                     u"permission denied for table salaries"_s, &schema);
    const QStringList lines = advice.text().split(u'\n');
    QCOMPARE(lines.size(), 2);
    QCOMPARE(lines.at(0),
             u"Query failed: permission denied. Error: permission denied for table salaries"_s);
    QVERIFY(lines.at(1).startsWith(u"Advice: Do not retry"_s));
    // Tables of the same schema and kind, to request together; never the forbidden one itself,
    // never a view or another schema's table.
    QVERIFY(!advice.suggestions.isEmpty());
    QVERIFY(advice.suggestions.contains(u"public.users"_s));
    QVERIFY(!advice.suggestions.contains(u"public.salaries"_s));
    QVERIFY(!advice.suggestions.contains(u"public.daily_sales"_s));
    QVERIFY(!advice.suggestions.contains(u"archive.old_orders"_s));
}

void tst_Advisor::boundedForHugeMessages_data()
{
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QString>("message");
    const QString filler(10 * 1024 * 1024, u'x');
    QTest::newRow("column") << u"column_missing"_s
                            << QString(u"column \"user_name\" does not exist "_s + filler);
    QTest::newRow("syntax") << u"syntax"_s << QString(filler + u" syntax error at or near \"x\""_s);
    QTest::newRow("other") << u"other"_s << filler;
    QTest::newRow("binary") << u"cast_error"_s
                            << QString::fromLatin1(QByteArray(1024 * 1024, '\xff'));
}

void tst_Advisor::boundedForHugeMessages()
{
    QFETCH(QString, errorClass);
    QFETCH(QString, message);
    const SchemaNames schema = shopSchema();
    const Advice advice = adviseText(u"postgresql"_s, errorClass, message, &schema);
    QVERIFY2(advice.text().size() < 6000, qPrintable(QString::number(advice.text().size())));
    QVERIFY(advice.rootCause.contains(u"more characters"_s));
    QVERIFY(!advice.nextStep.isEmpty());
}

void tst_Advisor::emptySchemaIsNoSchema()
{
    const SchemaNames empty;
    const Advice advice = adviseText(u"postgresql"_s, u"column_missing"_s,
                                     u"column \"user_name\" does not exist"_s, &empty);
    QVERIFY(advice.suggestions.isEmpty());
    QVERIFY(advice.nextStep.contains(u"`user_name`"_s));
    const Advice none = adviseText(u"postgresql"_s, u"other"_s, QString(), nullptr);
    QVERIFY(!none.rootCause.isEmpty());
}

namespace {

// Spider's poker database: people and their poker players, joined on People_ID.
SchemaNames pokerSchema()
{
    SchemaNames schema;
    SchemaNames::Table people{u""_s, u"people"_s, {u"People_ID"_s, u"Name"_s, u"Height"_s}, false};
    people.primaryKey = {u"People_ID"_s};
    SchemaNames::Table player{
            u""_s, u"poker_player"_s, {u"Poker_Player_ID"_s, u"People_ID"_s, u"Earnings"_s}, false};
    player.primaryKey = {u"Poker_Player_ID"_s};
    player.foreignKeys = {{{u"People_ID"_s}, u"people"_s, {u"People_ID"_s}}};
    // A table whose columns are named for a thing the schema calls otherwise.
    SchemaNames::Table friends{u""_s, u"friend"_s, {u"student_id"_s, u"friend_id"_s}, false};
    friends.foreignKeys = {{{u"student_id"_s}, u"people"_s, {u"People_ID"_s}}};
    schema.tables = {people, player, friends};
    return schema;
}

} // namespace

void tst_Advisor::saysWhereANameLives_data()
{
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QString>("suggestion");

    QTest::newRow("column of a table not joined")
            << u"column_missing"_s << u"no such column: Name"_s
            << u"SELECT Name FROM poker_player WHERE Earnings > 300000"_s
            << QStringList{u"people"_s,
                           u"JOIN people ON people.People_ID = poker_player.People_ID"_s}
            << u"people.Name"_s;
    QTest::newRow("wrong qualifier, right table in scope")
            << u"column_missing"_s << u"no such column: pp.Name"_s
            << u"SELECT pp.Name FROM poker_player pp JOIN people p ON pp.People_ID = p.People_ID"_s
            << QStringList{u"`p.Name`"_s, u"`poker_player` (alias `pp`)"_s} << u"p.Name"_s;
    QTest::newRow("undefined alias")
            << u"column_missing"_s << u"no such column: T3.Name"_s
            << u"SELECT T3.Name FROM poker_player AS T1 JOIN people AS T2 ON T1.People_ID = T2.People_ID"_s
            << QStringList{u"`T3` is not defined"_s, u"`T2.Name`"_s} << u"T2.Name"_s;
    QTest::newRow("nowhere: the closest, with their tables")
            << u"column_missing"_s << u"no such column: Nmae"_s << u"SELECT Nmae FROM people"_s
            << QStringList{u"Name"_s} << u"Name"_s;
    QTest::newRow("ambiguous: the qualified spellings of the query")
            << u"ambiguous_column"_s << u"ambiguous column name: People_ID"_s
            << u"SELECT People_ID FROM people AS T1 JOIN poker_player AS T2 ON T1.People_ID = T2.People_ID"_s
            << QStringList{u"`T1.People_ID`"_s, u"`T2.People_ID`"_s, u"either qualifier"_s}
            << u"T1.People_ID"_s;
    QTest::newRow("ambiguous: tables without aliases, each spelling once")
            << u"ambiguous_column"_s << u"ambiguous column name: People_ID"_s
            << u"SELECT People_ID FROM people JOIN poker_player ON people.People_ID = "
               "poker_player.People_ID"_s
            << QStringList{u"`people.People_ID`"_s, u"`poker_player.People_ID`"_s}
            << u"poker_player.People_ID"_s;
    QTest::newRow("table that is a column")
            << u"table_missing"_s << u"no such table: Height"_s << u"SELECT * FROM Height"_s
            << QStringList{u"column of people"_s} << QString();
    QTest::newRow("an alias of another query block read as a table")
            << u"table_missing"_s << u"no such table: T1"_s
            << u"SELECT T1.Name FROM people AS T1 JOIN (SELECT T2.People_ID FROM T1 JOIN "
               "poker_player AS T2 ON T1.People_ID = T2.People_ID) AS T3 ON T1.People_ID = "
               "T3.People_ID"_s
            << QStringList{u"`T1` is an alias of the table `people`"_s, u"`people AS T1`"_s}
            << u"people"_s;
    QTest::newRow("table that is a column in the plural")
            << u"table_missing"_s << u"no such table: Heights"_s << u"SELECT * FROM Heights"_s
            << QStringList{u"`Height` is a column of people"_s} << QString();
    QTest::newRow("a table columns are named for")
            << u"table_missing"_s << u"no such table: student"_s
            << u"SELECT T1.id FROM student AS T1 JOIN friend AS T2 ON T1.id = T2.student_id"_s
            << QStringList{u"Columns are named for it: friend.student_id; they refer to "
                           "people."_s}
            << QString();
    QTest::newRow("USING a column one side does not have")
            << u"column_missing"_s
            << u"cannot join using column People_ID - column not present in both tables"_s
            << u"SELECT Name FROM people JOIN friend USING (People_ID)"_s
            << QStringList{u"; friend has none"_s, u"`friend.student_id = people.People_ID`"_s}
            << u"friend.student_id = people.People_ID"_s;
    QTest::newRow("aggregate in WHERE: HAVING, not GROUP BY")
            << u"group_by"_s << u"misuse of aggregate: max()"_s
            << u"SELECT Name FROM people WHERE Height = max(Height)"_s
            << QStringList{u"HAVING"_s, u"not in GROUP BY"_s} << QString();
    // The aggregate of a subquery over the outer query's alias belongs to the outer query.
    QTest::newRow("an aggregate of a subquery over the outer alias")
            << u"group_by"_s << u"misuse of aggregate: max()"_s
            << u"SELECT T1.Earnings FROM poker_player AS T1 JOIN people AS T2 ON T1.People_ID = "
               "T2.People_ID WHERE T2.Height = (SELECT max(T2.Height) FROM people)"_s
            << QStringList{u"`max(T2.Height)` is written in a subquery"_s,
                           u"`T2` is the outer query's `people` (alias `T2`)"_s,
                           u"write `max(people.Height)`"_s}
            << QString();
    QTest::newRow("a bare column of the outer query's table in a subquery's aggregate")
            << u"group_by"_s << u"misuse of aggregate: MIN()"_s
            << u"SELECT Name FROM people WHERE People_ID = (SELECT MIN(Height) FROM poker_player "
               "GROUP BY Earnings)"_s
            << QStringList{u"`MIN(Height)` is written in a subquery"_s,
                           u"its tables (`poker_player`) have no `Height`"_s,
                           u"`people.Height` of the outer query"_s, u"read `people` in"_s}
            << QString();
    QTest::newRow("PostgreSQL: the outer aggregate in WHERE")
            << u"group_by"_s << u"ERROR:  aggregate functions are not allowed in WHERE"_s
            << u"SELECT p.Name FROM people p WHERE p.Height > (SELECT avg(p.Height) FROM "
               "people AS q)"_s
            << QStringList{u"`p` is the outer query's `people` (alias `p`)"_s,
                           u"write `avg(q.Height)`"_s}
            << QString();
    QTest::newRow("the subquery's own column: the aggregate in WHERE")
            << u"group_by"_s << u"misuse of aggregate: max()"_s
            << u"SELECT Name FROM people WHERE Height = (SELECT Height FROM people WHERE "
               "Height = max(Height))"_s
            << QStringList{u"HAVING"_s} << QString();
    QTest::newRow("nested aggregates")
            << u"group_by"_s << u"misuse of aggregate function count()"_s
            << u"SELECT Name FROM people GROUP BY Name HAVING count(*) = (SELECT max(count(*)) FROM people GROUP BY Name)"_s
            << QStringList{u"ORDER BY COUNT(*) DESC LIMIT 1"_s} << QString();
}

void tst_Advisor::saysWhereANameLives()
{
    QFETCH(QString, errorClass);
    QFETCH(QString, message);
    QFETCH(QString, statement);
    QFETCH(QStringList, mustContain);
    QFETCH(QString, suggestion);
    const SchemaNames schema = pokerSchema();
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, message, statement, &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), errorClass);
    const QString missed = missedPart(diagnosis.advice.nextStep, mustContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
    if (!suggestion.isEmpty())
        QVERIFY2(diagnosis.advice.suggestions.contains(suggestion),
                 qPrintable(diagnosis.advice.suggestions.join(u", ")));
    // Each suggestion once.
    QStringList once = diagnosis.advice.suggestions;
    for (QString &spelling : once)
        spelling = spelling.toLower();
    QVERIFY2(once.removeDuplicates() == 0, qPrintable(diagnosis.advice.suggestions.join(u", ")));
}

namespace {

// Students, their pets through a table that links them, and flights between airports.
SchemaNames petsAndFlightsSchema()
{
    SchemaNames schema;
    SchemaNames::Table student{u""_s, u"Student"_s, {u"StuID"_s, u"LName"_s}, false};
    student.primaryKey = {u"StuID"_s};
    SchemaNames::Table pets{u""_s, u"Pets"_s, {u"PetID"_s, u"PetType"_s}, false};
    pets.primaryKey = {u"PetID"_s};
    SchemaNames::Table hasPet{u""_s, u"Has_Pet"_s, {u"StuID"_s, u"PetID"_s}, false};
    hasPet.foreignKeys = {{{u"StuID"_s}, u"Student"_s, {u"StuID"_s}},
                          {{u"PetID"_s}, u"Pets"_s, {u"PetID"_s}}};
    SchemaNames::Table airports{u""_s, u"airports"_s, {u"AirportCode"_s, u"AirportName"_s}, false};
    airports.primaryKey = {u"AirportCode"_s};
    SchemaNames::Table flights{
            u""_s, u"flights"_s, {u"FlightNo"_s, u"SourceAirport"_s, u"DestAirport"_s}, false};
    flights.foreignKeys = {{{u"SourceAirport"_s}, u"airports"_s, {u"AirportCode"_s}},
                           {{u"DestAirport"_s}, u"airports"_s, {u"AirportCode"_s}}};
    schema.tables = {student, pets, hasPet, airports, flights};
    return schema;
}

} // namespace

// A table's missing column set equal to the same column of another table of the query: the model
// took it for a key the two share. Qualified with the other table, the condition would compare
// the column with itself; the advice gives what links them instead.
void tst_Advisor::comparedAsSharedKey_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QString>("suggestion");

    QTest::newRow("through its keys to the table that has it")
            << u"no such column: Student.PetID"_s
            << u"SELECT COUNT(*) FROM Pets, Student WHERE Pets.PetType = 'dog' AND Pets.PetID = "
               "Student.PetID"_s
            << QStringList{u"would compare that column with itself"_s,
                           u"`JOIN Has_Pet ON Has_Pet.StuID = Student.StuID`"_s,
                           u"compare `Has_Pet.PetID` with `Pets.PetID`"_s}
            << u"Has_Pet.PetID"_s;
    QTest::newRow("its own keys onto the column")
            << u"no such column: T2.AirportCode"_s
            << u"SELECT T1.AirportName FROM airports AS T1 JOIN flights AS T2 ON T1.AirportCode = "
               "T2.AirportCode"_s
            << QStringList{u"compare `T1.AirportCode` with `T2.SourceAirport` or "
                           "`T2.DestAirport`"_s}
            << u"T2.SourceAirport"_s;
    QTest::newRow("the other side first")
            << u"no such column: T2.AirportCode"_s
            << u"SELECT T1.AirportName FROM airports AS T1 JOIN flights AS T2 ON T2.AirportCode = "
               "T1.AirportCode"_s
            << QStringList{u"compare `T1.AirportCode` with `T2.SourceAirport` or "
                           "`T2.DestAirport`"_s}
            << u"T2.DestAirport"_s;
    // Pets and Has_Pet share no PetType; Has_Pet refers to Pets by PetID.
    QTest::newRow("the key that links the two tables")
            << u"no such column: h.PetType"_s
            << u"SELECT p.PetID FROM Pets p JOIN Has_Pet h ON p.PetType = h.PetType"_s
            << QStringList{u"would compare that column with itself"_s,
                           u"The key that links `Has_Pet` and `Pets` is `h.PetID = p.PetID`"_s}
            << u"h.PetID"_s;
    // Set against another column, the other table's own column is what the qualifier may mean.
    QTest::newRow("set against another column")
            << u"no such column: T2.AirportCode"_s
            << u"SELECT T2.AirportCode FROM airports AS T1 JOIN flights AS T2 ON T1.AirportCode = "
               "T2.SourceAirport"_s
            << QStringList{u"write `T1.AirportCode`"_s} << u"T1.AirportCode"_s;
    // No key of Student leads to a table the query does not read that has PetType.
    QTest::newRow("no key leads to it")
            << u"no such column: S.PetType"_s
            << u"SELECT S.LName FROM Student S JOIN Pets P ON S.PetType = P.PetType"_s
            << QStringList{u"write `P.PetType`"_s} << u"P.PetType"_s;
}

void tst_Advisor::comparedAsSharedKey()
{
    QFETCH(QString, message);
    QFETCH(QString, statement);
    QFETCH(QStringList, mustContain);
    QFETCH(QString, suggestion);
    const SchemaNames schema = petsAndFlightsSchema();
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, message, statement, &schema);
    QCOMPARE(diagnosis.errorClass(), ErrorClass::ColumnMissing);
    const QString missed = missedPart(diagnosis.advice.nextStep, mustContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
    QVERIFY2(diagnosis.advice.suggestions.contains(suggestion),
             qPrintable(diagnosis.advice.suggestions.join(u", ")));
}

namespace {

// A shop whose tables declare no foreign keys (as ClickHouse's never do), each keyed by a column
// named only id; with declared primary keys or without any.
SchemaNames undeclaredShop(bool primaryKeys)
{
    SchemaNames schema;
    SchemaNames::Table customers{u""_s, u"customers"_s, {u"id"_s, u"name"_s}, false};
    SchemaNames::Table orders{u""_s, u"orders"_s, {u"id"_s, u"customer_id"_s, u"total"_s}, false};
    SchemaNames::Table items{
            u""_s, u"order_items"_s, {u"id"_s, u"order_id"_s, u"product_code"_s}, false};
    SchemaNames::Table products{u""_s, u"products"_s, {u"id"_s, u"title"_s}, false};
    SchemaNames::Table documents{
            u""_s, u"Documents"_s, {u"Document_ID"_s, u"Document_Name"_s}, false};
    SchemaNames::Table paragraphs{
            u""_s, u"Paragraphs"_s, {u"Paragraph_ID"_s, u"Document_ID"_s, u"Text"_s}, false};
    if (primaryKeys) {
        for (SchemaNames::Table *table : {&customers, &orders, &items, &products})
            table->primaryKey = {u"id"_s};
        documents.primaryKey = {u"Document_ID"_s};
        paragraphs.primaryKey = {u"Paragraph_ID"_s};
    }
    schema.tables = {customers, orders, items, products, documents, paragraphs};
    return schema;
}

} // namespace

void tst_Advisor::joinsWhereNoKeyIsDeclared_data()
{
    QTest::addColumn<bool>("primaryKeys");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("join");

    for (const bool keys : {true, false}) {
        const char *suffix = keys ? "" : ", no primary key declared";
        // orders.customer_id is named for customers: the join goes there, onto customers' id.
        QTest::addRow("column named for a table%s", suffix)
                << keys << u"no such column: name"_s << u"SELECT name, total FROM orders"_s
                << u"JOIN customers ON customers.id = orders.customer_id"_s;
        QTest::addRow("two hops by names%s", suffix)
                << keys << u"no such column: name"_s << u"SELECT name FROM order_items"_s
                << u"JOIN orders ON orders.id = order_items.order_id JOIN customers ON "
                   "customers.id = orders.customer_id"_s;
        // Two tables' id columns are two different things: no join is made up of them.
        QTest::addRow("no column names the table%s", suffix)
                << keys << u"no such column: title"_s << u"SELECT title, total FROM orders"_s
                << QString();
        // product_code is named for products but is no id: no join either.
        QTest::addRow("a code named for a table%s", suffix)
                << keys << u"no such column: title"_s << u"SELECT title FROM order_items"_s
                << QString();
    }
    // A key column of one table under its own name in another still joins them.
    QTest::addRow("same-named key")
            << true << u"no such column: Document_Name"_s
            << u"SELECT Document_Name, Text FROM Paragraphs"_s
            << u"JOIN Documents ON Documents.Document_ID = Paragraphs.Document_ID"_s;
}

void tst_Advisor::joinsWhereNoKeyIsDeclared()
{
    QFETCH(bool, primaryKeys);
    QFETCH(QString, message);
    QFETCH(QString, statement);
    QFETCH(QString, join);
    const SchemaNames schema = undeclaredShop(primaryKeys);
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, message, statement, &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"column_missing"_s);
    const QString advice = diagnosis.advice.nextStep;
    if (join.isEmpty()) {
        QVERIFY2(!advice.contains(u"JOIN"_s) && !advice.contains(u".id = "_s), qPrintable(advice));
        QVERIFY2(advice.contains(u"with a join condition on the key"_s), qPrintable(advice));
    } else {
        QVERIFY2(advice.contains(u"`"_s + join + u"`"_s), qPrintable(advice));
    }
}

// A column most tables of a large schema have: the advice names the table it joins first, then
// a few others and how many more, and the join is found in one pass over the schema (it took
// minutes on 3,000 tables, one pass over all of them per table that had the column).
void tst_Advisor::aColumnOfThousandsOfTables()
{
    const SchemaNames schema = sqlmend::test::tableChain(2000, 1500, {u"created_at"_s});
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, u"no such column: name"_s,
                                                  u"SELECT name FROM lonely"_s, &schema);
    const QString advice = diagnosis.advice.nextStep;
    QVERIFY2(advice.contains(u"it is in item1500, item0, item1, "_s), qPrintable(advice));
    QVERIFY2(advice.contains(u" and 1992 more."_s), qPrintable(advice));
    QVERIFY2(advice.contains(u"`JOIN item1500 ON item1500.item1500_id = lonely.item1500_id`"_s),
             qPrintable(advice));
    QVERIFY2(advice.size() < 600, qPrintable(advice));
    QCOMPARE(diagnosis.advice.suggestions.size(), 8);
    QCOMPARE(diagnosis.advice.suggestions.constFirst(), u"item1500.name"_s);
}

namespace {

// Spider-like tables whose names a model writes by convention: a key named for its table
// (declared or not), a foreign key named for what it means, a column with a generic word.
SchemaNames conventionSchema()
{
    SchemaNames schema;
    SchemaNames::Table student{u""_s, u"Student"_s, {u"StuID"_s, u"Major"_s, u"Age"_s}, false};
    student.primaryKey = {u"StuID"_s};
    SchemaNames::Table hasPet{u""_s, u"Has_Pet"_s, {u"StuID"_s, u"PetID"_s}, false};
    hasPet.foreignKeys = {{{u"StuID"_s}, u"Student"_s, {u"StuID"_s}}};
    SchemaNames::Table teacher{u""_s, u"teacher"_s, {u"Teacher_ID"_s, u"Name"_s}, false};
    SchemaNames::Table battle{u""_s, u"battle"_s, {u"id"_s, u"name"_s}, false};
    battle.primaryKey = {u"id"_s};
    SchemaNames::Table ship{u""_s, u"ship"_s, {u"id"_s, u"lost_in_battle"_s, u"tonnage"_s}, false};
    ship.primaryKey = {u"id"_s};
    ship.foreignKeys = {{{u"lost_in_battle"_s}, u"battle"_s, {u"id"_s}}};
    SchemaNames::Table paragraphs{u""_s,
                                  u"Paragraphs"_s,
                                  {u"Paragraph_ID"_s, u"Paragraph_Text"_s, u"Other_Details"_s},
                                  false};
    SchemaNames::Table death{u""_s, u"death"_s, {u"caused_by_ship_id"_s, u"killed"_s}, false};
    death.foreignKeys = {{{u"caused_by_ship_id"_s}, u"ship"_s, {u"id"_s}}};
    schema.tables = {student, hasPet, teacher, battle, ship, paragraphs, death};
    return schema;
}

} // namespace

void tst_Advisor::namesWrittenByConvention_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("suggestions");

    QTest::newRow("id: the key named for its table")
            << u"no such column: id"_s << u"SELECT Major FROM Student WHERE id = 3"_s
            << QStringList{u"`Student.StuID`"_s} << QStringList{u"StuID"_s};
    QTest::newRow("qualified id: only that table's key")
            << u"no such column: T1.id"_s
            << u"SELECT T1.id FROM Student AS T1 JOIN Has_Pet AS T2 ON T1.StuID = T2.StuID"_s
            << QStringList{u"`Student.StuID`"_s} << QStringList{u"StuID"_s};
    // T1 and T2 swapped: the other table of the SELECT has the column itself.
    QTest::newRow("qualified id that another table of the query has")
            << u"no such column: T1.id"_s
            << u"SELECT T1.id, T2.name FROM Student AS T1 JOIN battle AS T2 ON T1.Age = T2.id"_s
            << QStringList{u"`Student.StuID`"_s,
                           u"`battle` of the query (alias `T2`) has a column `id`: if the query "
                           "means it, write `T2.id`."_s}
            << QStringList{u"StuID"_s, u"T2.id"_s};
    QTest::newRow("qualified id that another table of the query, without alias, has")
            << u"no such column: Student.id"_s
            << u"SELECT Student.id, battle.name FROM Student JOIN battle ON Student.Age = battle.id"_s
            << QStringList{u"`battle` of the query has a column `id`: if the query means it, "
                           "write `battle.id`."_s}
            << QStringList{u"StuID"_s, u"battle.id"_s};
    QTest::newRow("id: a key that is not declared")
            << u"no such column: id"_s << u"SELECT Name FROM teacher WHERE id = 1"_s
            << QStringList{u"`teacher.Teacher_ID`"_s} << QStringList{u"Teacher_ID"_s};
    QTest::newRow("battle_id: the foreign key to battle")
            << u"no such column: battle_id"_s << u"SELECT tonnage FROM ship WHERE battle_id = 1"_s
            << QStringList{u"`ship.lost_in_battle`"_s, u"foreign key to `battle`"_s}
            << QStringList{u"lost_in_battle"_s};
    QTest::newRow("battle_id: no foreign key to battle, the way through ship")
            << u"no such column: battle_id"_s << u"SELECT killed FROM death WHERE battle_id = 1"_s
            << QStringList{u"none refers to `battle`"_s, u"through ship"_s,
                           u"JOIN ship ON ship.id = death.caused_by_ship_id JOIN battle ON "
                           "battle.id = ship.lost_in_battle"_s}
            << QStringList{u"caused_by_ship_id"_s, u"lost_in_battle"_s};
    QTest::newRow("a column named with the table's name and a word of its own")
            << u"no such column: Paragraph_Details"_s
            << u"SELECT Paragraph_Details FROM Paragraphs WHERE Paragraph_Text LIKE '%Korea%'"_s
            << QStringList{u"`Paragraphs.Other_Details`"_s} << QStringList{u"Other_Details"_s};
    QTest::newRow("a word no column has: nothing made up")
            << u"no such column: Paragraph_Colour"_s << u"SELECT Paragraph_Colour FROM Paragraphs"_s
            << QStringList{u"no column of `Paragraphs` has a similar name"_s,
                           u"Its columns are Paragraph_ID, Paragraph_Text"_s}
            << QStringList{u"Paragraph_ID"_s, u"Paragraph_Text"_s, u"Other_Details"_s};
    QTest::newRow("a key named for its table, not declared either")
            << u"no such column: id"_s << u"SELECT * FROM Paragraphs WHERE id = 2"_s
            << QStringList{u"`Paragraphs.Paragraph_ID`"_s} << QStringList{u"Paragraph_ID"_s};
    // Has_Pet has no key of its own: `id` is then a column of other tables, to be joined.
    QTest::newRow("no key named for the table: where id lives")
            << u"no such column: id"_s << u"SELECT * FROM Has_Pet WHERE id = 2"_s
            << QStringList{u"it is in battle, ship"_s}
            << QStringList{u"-"_s, u"StuID"_s, u"PetID"_s};
}

void tst_Advisor::namesWrittenByConvention()
{
    QFETCH(QString, message);
    QFETCH(QString, statement);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, suggestions);
    const SchemaNames schema = conventionSchema();
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, message, statement, &schema);
    QCOMPARE(diagnosis.errorClass(), ErrorClass::ColumnMissing);
    const QString missed = missedPart(diagnosis.advice.nextStep, mustContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
    if (suggestions.value(0) == u"-") {
        for (const QString &name : suggestions.mid(1))
            QVERIFY2(!diagnosis.advice.suggestions.contains(name), qPrintable(name));
        return;
    }
    QCOMPARE(diagnosis.advice.suggestions, suggestions);
}

void tst_Advisor::notSqlIsSyntax_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("engine");
    QTest::addColumn<QString>("errorClass");
    for (const Engine engine : {Engine::SQLite, Engine::MariaDB, Engine::PostgreSQL}) {
        const QByteArray name = engineName(engine).toUtf8();
        QTest::addRow("prompt echo/%s", name.constData())
                << u"I want you to act as a SQL terminal in front of an example database"_s
                << int(engine) << u"syntax"_s;
        QTest::addRow("marker/%s", name.constData())
                << u"[SOL] SELECT 1"_s << int(engine) << u"syntax"_s;
        QTest::addRow("two reads/%s", name.constData())
                << u"SELECT 1; SELECT 2"_s << int(engine) << u"syntax"_s;
        QTest::addRow("prose after a statement/%s", name.constData())
                << u"SELECT 1; This query returns one."_s << int(engine) << u"syntax"_s;
        QTest::addRow("a real write/%s", name.constData())
                << u"DELETE FROM people"_s << int(engine) << u"read_only_violation"_s;
        QTest::addRow("a write after a read/%s", name.constData())
                << u"SELECT 1; DROP TABLE people"_s << int(engine) << u"read_only_violation"_s;
        QTest::addRow("explain of a write/%s", name.constData())
                << u"EXPLAIN DELETE FROM people"_s << int(engine) << u"read_only_violation"_s;
    }
}

void tst_Advisor::notSqlIsSyntax()
{
    QFETCH(QString, sql);
    QFETCH(int, engine);
    QFETCH(QString, errorClass);
    const GuardVerdict verdict = StatementGuard::check(sql, Engine(engine));
    QVERIFY(!verdict.allowed);
    const Diagnosis diagnosis = diagnose(verdict.toEngineError(Engine(engine)));
    QCOMPARE(errorClassName(diagnosis.errorClass()), errorClass);
    QCOMPARE(diagnosis.isTerminal(), errorClass == u"read_only_violation"_s);
    QCOMPARE(diagnosis.error.origin, ErrorOrigin::Guard);
}

// Constructs the engine does not have, read from the statement: a window function where rows are
// still filtered or grouped, and PostgreSQL's DISTINCT ON elsewhere.
void tst_Advisor::foreignConstructs_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("mustNotContain");
    using L = QStringList;
    const QString rankInWhere = u"SELECT city, rank() OVER (ORDER BY id) FROM users WHERE "
                                u"rank() OVER (ORDER BY id) < 3"_s;
    const L window{u"subquery"_s, u"AS r FROM ...) WHERE r <= 3"_s};
    const L notGrouping{u"neither grouped nor aggregated"_s};
    QTest::newRow("sqlite group_concat separator")
            << Engine::SQLite << u"near \"SEPARATOR\": syntax error"_s
            << u"SELECT a.id, GROUP_CONCAT(a.line_1 SEPARATOR ', ') AS lines FROM a GROUP BY a.id"_s
            << u"syntax"_s << L{u"separator as its second argument"_s, u"group_concat(col, ', ')"_s}
            << L{u"reserved word"_s};
    QTest::newRow("sqlite separator outside group_concat")
            << Engine::SQLite << u"near \"separator\": syntax error"_s
            << u"SELECT name separator FROM a"_s << u"syntax"_s << L{} << L{u"second argument"_s};
    QTest::newRow("sqlite window in where")
            << Engine::SQLite << u"misuse of window function rank()"_s << rankInWhere
            << u"group_by"_s << (window + L{u"`rank() OVER (...)`"_s}) << notGrouping;
    QTest::newRow("sqlite window in having")
            << Engine::SQLite << u"misuse of window function row_number()"_s
            << u"SELECT city FROM users GROUP BY city HAVING row_number() OVER () = 1"_s
            << u"group_by"_s << (window + L{u"`row_number() OVER (...)`"_s}) << notGrouping;
    QTest::newRow("postgres window in where")
            << Engine::PostgreSQL << u"ERROR:  window functions are not allowed in WHERE"_s
            << rankInWhere << u"group_by"_s << (window + L{u"`RANK() OVER (...)`"_s})
            << notGrouping;
    QTest::newRow("mysql window in where")
            << Engine::MySQL << u"You cannot use the window function 'rank' in this context.'"_s
            << rankInWhere << u"group_by"_s << (window + L{u"`rank() OVER (...)`"_s})
            << notGrouping;
    QTest::newRow("sqlite aggregate misuse stays grouping")
            << Engine::SQLite << u"misuse of aggregate: count()"_s
            << u"SELECT city, count(*) FROM users ORDER BY count(*) DESC"_s << u"group_by"_s
            << L{u"`GROUP BY city ORDER BY count(*)`"_s} << L{u"window"_s, u"MAX("_s};
    // ORDER BY an aggregate with no GROUP BY: group the rows; MAX(transcript_id) would answer
    // with one row of maxima.
    QTest::newRow("sqlite ORDER BY count without GROUP BY")
            << Engine::SQLite << u"misuse of aggregate: count()"_s
            << u"SELECT transcript_id, transcript_date FROM Transcripts ORDER BY "
               u"count(transcript_id) ASC LIMIT 1"_s
            << u"group_by"_s
            << L{u"no GROUP BY"_s,
                 u"`GROUP BY transcript_id, transcript_date ORDER BY count(transcript_id)`"_s}
            << L{u"MAX("_s};
    QTest::newRow("an aggregate in WHERE keeps its own advice")
            << Engine::SQLite << u"misuse of aggregate: count()"_s
            << u"SELECT name, city FROM users WHERE id IN (SELECT user_id FROM orders GROUP BY "
               u"user_id) AND count(*) > 1"_s
            << u"group_by"_s << L{u"WHERE"_s} << L{u"no GROUP BY"_s};
    QTest::newRow("postgres ORDER BY count without GROUP BY")
            << Engine::PostgreSQL
            << u"ERROR:  column \"c.countryname\" must appear in the GROUP BY clause or be used "
               u"in an aggregate function"_s
            << u"SELECT c.CountryName FROM countries c JOIN car_makers m ON c.CountryId = "
               u"m.Country ORDER BY COUNT(m.Id) DESC LIMIT 1"_s
            << u"group_by"_s << L{u"`GROUP BY c.CountryName ORDER BY COUNT(m.Id)`"_s}
            << L{u"MAX("_s};

    const QString distinctOn =
            u"SELECT DISTINCT ON (city) city, username FROM users ORDER BY city, id"_s;
    const L rowNumber{u"DISTINCT ON (...)"_s, u"ROW_NUMBER() OVER (PARTITION BY"_s, u"GROUP BY"_s};
    QTest::newRow("sqlite distinct on")
            << Engine::SQLite << u"near \"ON\": syntax error"_s << distinctOn << u"syntax"_s
            << (rowNumber + L{u"SQLite"_s}) << L{u"reserved word"_s};
    QTest::newRow("mysql distinct on")
            << Engine::MySQL
            << u"You have an error in your SQL syntax; check the manual that corresponds to your "
               "MySQL server version for the right syntax to use near 'ON (city) city, username "
               "FROM users ORDER BY city, id' at line 1"_s
            << distinctOn << u"syntax"_s << rowNumber << L{u"reserved word"_s};
    QTest::newRow("clickhouse distinct on")
            << Engine::ClickHouse
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 17: "
               "ON (city) city, username FROM users. Expected one of: token, Comma, e.what() = "
               "DB::Exception"_s
            << distinctOn << u"syntax"_s << L{u"LIMIT 1 BY"_s} << L{u"ROW_NUMBER"_s};
    QTest::newRow("postgres has distinct on")
            << Engine::PostgreSQL << u"ERROR:  syntax error at end of input"_s
            << u"SELECT DISTINCT ON (city) city FROM users WHERE"_s << u"syntax"_s << L{}
            << L{u"DISTINCT ON"_s};
    QTest::newRow("sqlite on of a join") << Engine::SQLite << u"near \"ON\": syntax error"_s
                                         << u"SELECT u.city FROM users u ON u.id = 1"_s
                                         << u"syntax"_s << L{} << L{u"DISTINCT ON"_s};

    // Where a syntax error stops at a keyword, what the statement shows about it; a reserved
    // word is only worth quoting where it stands as a name.
    const L reserved{u"reserved word"_s};
    const QString nearSelect = u"near \"SELECT\": syntax error"_s;
    QTest::newRow("sqlite < ANY (SELECT ...)")
            << Engine::SQLite << nearSelect
            << u"SELECT Name FROM country WHERE Population < ANY (SELECT Population FROM city)"_s
            << u"syntax"_s << L{u"ANY or ALL"_s, u"x < (SELECT MAX(c) ...)"_s, u"IN"_s} << reserved;
    QTest::newRow("sqlite > ALL (SELECT ...)")
            << Engine::SQLite << u"near \"ALL\": syntax error"_s
            << u"SELECT Name FROM country WHERE Population > ALL(SELECT Population FROM city)"_s
            << u"syntax"_s << L{u"x < (SELECT MIN(c) ...)"_s, u"no rows is true"_s} << reserved;
    QTest::newRow("postgres has ANY")
            << Engine::PostgreSQL << u"ERROR:  syntax error at or near \"FORM\""_s
            << u"SELECT Name FORM country WHERE Population < ANY (SELECT Population FROM city)"_s
            << u"syntax"_s << L{u"FORM"_s} << L{u"ANY or ALL"_s};
    QTest::newRow("WHERE after GROUP BY")
            << Engine::SQLite << u"near \"WHERE\": syntax error"_s
            << u"SELECT d.name FROM Dogs d GROUP BY d.dog_id WHERE SUM(d.cost) <= 1000"_s
            << u"syntax"_s
            << L{u"`WHERE` stands after `GROUP BY`"_s, u"Move `WHERE` before `GROUP BY`"_s,
                 u"belongs in HAVING"_s}
            << reserved;
    QTest::newRow("WHERE after HAVING, in the second SELECT of a UNION")
            << Engine::SQLite << u"near \"where\": syntax error"_s
            << u"select id from a group by id having count(*) > 3 union select id from b group "
               u"by id having count(*) > 3 where maker = 'fiat'"_s
            << u"syntax"_s << L{u"`WHERE` stands after `HAVING`"_s} << reserved;
    QTest::newRow("a JOIN after WHERE")
            << Engine::SQLite << u"near \"INNER\": syntax error"_s
            << u"SELECT T1.Name FROM stadium AS T1 INNER JOIN concert AS T2 ON T1.id = T2.sid "
               u"WHERE T2.Year = 2014 INNER JOIN concert AS T3 ON T1.id = T3.sid"_s
            << u"syntax"_s << L{u"`JOIN` stands after `WHERE`"_s} << L{u"HAVING."_s};
    QTest::newRow("a WHERE after a subquery's GROUP BY is in order")
            << Engine::SQLite << u"near \"WHERE\": syntax error"_s
            << u"SELECT a FROM (SELECT a FROM t GROUP BY a) AS s WHERE WHERE a > 1"_s << u"syntax"_s
            << L{} << L{u"stands after"_s};
    QTest::newRow("GROUP BY ... DESC")
            << Engine::SQLite << u"near \"DESC\": syntax error"_s
            << u"SELECT T1.Name FROM visitor AS T1 JOIN visit AS T2 ON T1.ID = T2.visitor_ID "
               u"GROUP BY T2.Num_of_Ticket DESC LIMIT 1"_s
            << u"syntax"_s << L{u"GROUP BY takes no `DESC`"_s, u"`ORDER BY ... DESC`"_s}
            << reserved;
    QTest::newRow("an alias of two words")
            << Engine::SQLite << u"near \"Expense\": syntax error"_s
            << u"SELECT SUM(Total_spent) AS Total_Ticket Expense FROM visit"_s << u"syntax"_s
            << L{u"`AS \"Total_Ticket Expense\"`"_s} << L{};
    QTest::newRow("an alias with a hyphen, in MySQL's quotes")
            << Engine::MySQL
            << u"You have an error in your SQL syntax; check the manual that corresponds to your "
               u"MySQL server version for the right syntax to use near '-treated_dogs FROM Dogs' "
               u"at line 1"_s
            << u"SELECT COUNT(dog_id) AS un-treated_dogs FROM Dogs"_s << u"syntax"_s
            << L{u"`AS `un-treated_dogs``"_s} << L{};
    QTest::newRow("Oracle's MINUS")
            << Engine::SQLite << nearSelect
            << u"SELECT Document_ID FROM Documents MINUS SELECT Document_ID FROM Paragraphs"_s
            << u"syntax"_s << L{u"MINUS is Oracle's name for EXCEPT"_s, u"EXCEPT SELECT"_s}
            << L{u"A second statement"_s};
    QTest::newRow("two aliases for one expression")
            << Engine::SQLite << u"near \"AS\": syntax error"_s
            << u"SELECT COUNT(*) AS total AS 总数 FROM singer"_s << u"syntax"_s
            << L{u"`AS total AS 总数` gives one expression two aliases"_s, u"`AS 总数`"_s}
            << L{u"alias of several words"_s, u"reserved word"_s};
    QTest::newRow("two aliases, in PostgreSQL's words")
            << Engine::PostgreSQL << u"ERROR:  syntax error at or near \"AS\""_s
            << u"SELECT Name AS n AS \"Singer Name\", Age FROM singer"_s << u"syntax"_s
            << L{u"Keep `AS n` or `AS \"Singer Name\"`"_s} << L{};
    QTest::newRow("AS after an alias and a keyword is no second alias")
            << Engine::SQLite << u"near \"AS\": syntax error"_s
            << u"SELECT COUNT(*) AS total FROM singer AS AS s"_s << u"syntax"_s << L{}
            << L{u"two aliases"_s};
    QTest::newRow("a table alias before a keyword is no alias of two words")
            << Engine::SQLite << u"near \"IN\": syntax error"_s
            << u"SELECT SUM(t1.Population) FROM country AS t1 IN WHERE t1.Continent = 'Asia'"_s
            << u"syntax"_s << L{u"`IN`"_s} << L{u"alias of several words"_s};
    QTest::newRow("a run-on after a subquery's SELECT")
            << Engine::SQLite << nearSelect
            << u"SELECT Model FROM cars WHERE Weight < (SELECT AVG(Weight) FROM cars) SELECT "
               u"Model FROM cars"_s
            << u"syntax"_s << L{u"A second statement starts at `SELECT`"_s} << reserved;
    QTest::newRow("sqlite EXTRACT")
            << Engine::SQLite << u"near \"FROM\": syntax error"_s
            << u"SELECT EXTRACT(YEAR FROM c.Year) AS y, COUNT(*) FROM concert c GROUP BY y"_s
            << u"syntax"_s << L{u"EXTRACT(YEAR FROM ...)"_s, u"strftime('%Y', col)"_s} << reserved;
    QTest::newRow("sqlite UNION (SELECT ...)")
            << Engine::SQLite << u"near \"(\": syntax error"_s
            << u"SELECT id FROM users WHERE id < 3 UNION (SELECT id FROM users WHERE id > 7)"_s
            << u"syntax"_s
            << L{u"SQLite takes no SELECT of UNION in parentheses"_s,
                 u"`UNION SELECT * FROM (SELECT ...)`"_s}
            << L{};
    QTest::newRow("TOP in a subquery")
            << Engine::SQLite << u"near \"1\": syntax error"_s
            << u"SELECT name FROM Dogs WHERE breed_code = (SELECT TOP 1 breed_code FROM Dogs)"_s
            << u"syntax"_s << L{u"`LIMIT n`"_s} << L{};
    // ClickHouse has TOP: a statement with it that fails elsewhere gets the advice for where.
    QTest::newRow("clickhouse: TOP and prose after the statement")
            << Engine::ClickHouse
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 62 "
               u"(line 2, col 46): This query lists the big orders\n) LIMIT 0. Expected one of: "
               u"AS, UNION ALL, QuestionMark, token, OR, BETWEEN, IS, ORDER BY, WITH, SETTINGS, "
               u"GROUP BY, HAVING, LIMIT, NOT LIKE, LIKE, GLOBAL IN, IN, GLOBAL NOT IN, NOT IN, "
               u"AND, alias, e.what() = DB::Exception"_s
            << u"SELECT TOP 2 id FROM orders WHERE total > 20 This query lists the big orders"_s
            << u"syntax"_s << L{u"followed by text that is not SQL, from `This query lists"_s}
            << L{u"TOP"_s};
    // MariaDB refuses a function it lacks as a routine this user may not execute.
    QTest::newRow("mariadb: a routine this user may not execute")
            << Engine::MariaDB
            << u"execute command denied to user 'ro'@'%' for routine 'shop.strftime'"_s
            << u"SELECT strftime('%Y', created_at) FROM orders"_s << u"function_missing"_s
            << L{u"MariaDB has no function `strftime`"_s, u"DATE_FORMAT"_s} << L{u"Do not retry"_s};
    QTest::newRow("mariadb: a routine of no other dialect")
            << Engine::MariaDB
            << u"execute command denied to user 'ro'@'%' for routine 'shop.no_such_fn'"_s
            << u"SELECT no_such_fn(id) FROM orders"_s << u"function_missing"_s
            << L{u"no built-in function `no_such_fn`"_s, u"EXECUTE privilege"_s} << L{};
    // MariaDB's "Invalid use of group function" says both: a nest, and an aggregate in WHERE.
    QTest::newRow("mariadb: a nested aggregate")
            << Engine::MariaDB << u"Invalid use of group function"_s
            << u"SELECT max(count(*)) FROM orders GROUP BY user_id"_s << u"group_by"_s
            << L{u"nested inside another"_s} << L{u"HAVING"_s};
    QTest::newRow("mariadb: an aggregate in WHERE")
            << Engine::MariaDB << u"Invalid use of group function"_s
            << u"SELECT user_id FROM orders WHERE count(*) > 1 GROUP BY user_id"_s << u"group_by"_s
            << L{u"HAVING"_s} << L{u"nested"_s};
    // A subquery's alias used outside it: a block's names are not seen outside it.
    QTest::newRow("postgres: a subquery's alias outside it")
            << Engine::PostgreSQL << u"ERROR:  missing FROM-clause entry for table \"o\""_s
            << u"SELECT id FROM orders WHERE total = (SELECT max(o.total) FROM orders o) AND "
               u"o.status = 'paid'"_s
            << u"table_missing"_s << L{u"defined only inside a subquery"_s, u"`orders.status`"_s}
            << L{u"Defined:"_s};
    QTest::newRow("mariadb: a subquery's alias outside it")
            << Engine::MariaDB << u"Unknown column 'o.total' in 'ORDER BY'"_s
            << u"SELECT username FROM users WHERE id IN (SELECT o.user_id FROM orders o) ORDER BY "
               u"o.total"_s
            << u"column_missing"_s
            << L{u"defined only inside a subquery"_s, u"move the condition into the subquery"_s}
            << L{};
    QTest::newRow("an alias seen where it is used is another problem")
            << Engine::PostgreSQL << u"ERROR:  missing FROM-clause entry for table \"p\""_s
            << u"SELECT o.id FROM orders o WHERE o.total > (SELECT max(p.total) FROM orders)"_s
            << u"table_missing"_s << L{u"used but not defined in FROM"_s}
            << L{u"inside a subquery"_s};
    // Other dialects' habits, in the words of a real PostgreSQL 15 and MariaDB.
    QTest::newRow("postgres: backticks, stopped after them")
            << Engine::PostgreSQL << u"syntax error at or near \"FROM\""_s
            << u"SELECT `username` FROM users"_s << u"syntax"_s << L{u"not backticks"_s}
            << L{u"near `FROM`"_s};
    QTest::newRow("postgres: a backtick in a text value is no quote")
            << Engine::PostgreSQL << u"syntax error at or near \"FROM\""_s
            << u"SELECT 'a`b' username FROM FROM users"_s << u"syntax"_s << L{}
            << L{u"backticks"_s};
    QTest::newRow("postgres: a SELECT list's name in WHERE")
            << Engine::PostgreSQL << u"ERROR:  column \"n\" does not exist"_s
            << u"SELECT count(*) AS n, user_id FROM orders WHERE n > 1 GROUP BY user_id"_s
            << u"column_missing"_s
            << L{u"`n` is the name the SELECT list gives a result"_s, u"HAVING"_s} << L{};
    QTest::newRow("mariadb: a SELECT list's name in WHERE, inside a call")
            << Engine::MariaDB << u"Unknown column 'n' in 'WHERE'"_s
            << u"SELECT length(username) AS n FROM users WHERE abs(n) > 1"_s << u"column_missing"_s
            << L{u"WHERE is worked out before the SELECT list"_s} << L{};
    QTest::newRow("mariadb: a SELECT list's name in a subquery's WHERE")
            << Engine::MariaDB << u"Unknown column 'n' in 'WHERE'"_s
            << u"SELECT length(username) AS n FROM users WHERE id IN (SELECT user_id FROM "
               u"orders WHERE total > n)"_s
            << u"column_missing"_s << L{u"SELECT list gives"_s} << L{};
    QTest::newRow("mariadb: a SELECT list's name in ORDER BY is not this")
            << Engine::MariaDB << u"Unknown column 'n' in 'ORDER BY'"_s
            << u"SELECT length(username) AS m FROM users ORDER BY n"_s << u"column_missing"_s << L{}
            << L{u"SELECT list gives"_s};
    QTest::newRow("postgres: COUNT(DISTINCT a, b)")
            << Engine::PostgreSQL
            << u"ERROR:  function count(integer, character varying) does not exist"_s
            << u"SELECT COUNT(DISTINCT user_id, status) FROM orders"_s << u"function_missing"_s
            << L{u"takes one argument"_s, u"`SELECT DISTINCT a, b`"_s} << L{u"Cast"_s};
    QTest::newRow("postgres: LIMIT offset, count")
            << Engine::PostgreSQL << u"LIMIT #,# syntax is not supported"_s
            << u"SELECT id FROM orders ORDER BY id LIMIT 1, 2"_s << u"syntax"_s
            << L{u"`LIMIT count OFFSET offset`"_s} << L{};
    QTest::newRow("Markdown's escape of _") << Engine::SQLite << u"unrecognized token: \"\\\""_s
                                            << u"SELECT COUNT(id) AS num\\_makers FROM users"_s
                                            << u"syntax"_s << L{u"Markdown's escape"_s} << L{};
    QTest::newRow("prose after the statement: This SQL query ...")
            << Engine::SQLite << u"near \"This\": syntax error"_s
            << u"SELECT COUNT(*) FROM Cartoon WHERE Written_by = 'Joseph Kuhr' This SQL query is "
               u"already correct."_s
            << u"syntax"_s << L{u"followed by text that is not SQL, from `This SQL query"_s} << L{};
    QTest::newRow("prose after the statement: Sql for ...")
            << Engine::SQLite << u"near \"Sql\": syntax error"_s
            << u"SELECT name FROM singer  Write Sql for the following question: What is it?"_s
            << u"syntax"_s << L{u"followed by text that is not SQL, from `Sql for the"_s} << L{};
    QTest::newRow("prose after the statement: Note: ...")
            << Engine::SQLite << u"near \"Note\": syntax error"_s
            << u"SELECT MIN(Accelerate) FROM cars_data Note: The SQL query might need to be "
               u"adjusted"_s
            << u"syntax"_s << L{u"followed by text that is not SQL"_s} << L{};
    QTest::newRow("a reserved word as a table name")
            << Engine::SQLite << u"near \"order\": syntax error"_s
            << u"SELECT * FROM order WHERE id = 1"_s << u"syntax"_s
            << L{u"reserved word"_s, u"\"order\""_s} << L{};
    QTest::newRow("a subquery without its parentheses in a call")
            << Engine::SQLite << nearSelect
            << u"SELECT id FROM Dogs ORDER BY SUM( SELECT cost FROM Treatments) DESC"_s
            << u"syntax"_s << L{u"`SELECT`"_s} << reserved;
    // ClickHouse 18.16's own words: its list of what it expected shows what it lacks.
    const QString chExpected =
            u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 45 "
            u"(line 2, col 29): SELECT id FROM orders WHERE total > 20\n) LIMIT 0. Expected one "
            u"of: FINAL, PREWHERE, UNION ALL, JOIN, array join, ORDER BY, WITH, WHERE, SETTINGS, "
            u"GROUP BY, HAVING, LIMIT, SAMPLE, LEFT ARRAY JOIN, ARRAY JOIN, INNER, table, table "
            u"function, subquery or list of joined tables, e.what() = DB::Exception"_s;
    QTest::newRow("clickhouse 18.16: EXCEPT read as an alias")
            << Engine::ClickHouse << chExpected
            << u"SELECT id FROM orders EXCEPT SELECT id FROM orders WHERE total > 20"_s
            << u"syntax"_s << L{u"has no EXCEPT"_s, u"`EXCEPT` as the table's alias"_s, u"NOT IN"_s}
            << L{u"Check the SQL near"_s};
    QTest::newRow("clickhouse 18.16: MINUS, which it has no EXCEPT for")
            << Engine::ClickHouse << chExpected
            << u"SELECT id FROM orders MINUS SELECT id FROM orders WHERE total > 20"_s
            << u"syntax"_s << L{u"has no EXCEPT"_s, u"NOT IN"_s} << L{u"spells EXCEPT"_s};
    QTest::newRow("clickhouse 18.16: INTERSECT")
            << Engine::ClickHouse << chExpected
            << u"SELECT id FROM orders INTERSECT SELECT id FROM orders WHERE total > 20"_s
            << u"syntax"_s << L{u"has no INTERSECT"_s, u"(a, b) IN (SELECT"_s} << L{u"NOT IN"_s};
    QTest::newRow("clickhouse 18.16: UNION without ALL")
            << Engine::ClickHouse
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 45 "
               u"(line 2, col 29): SELECT id FROM orders WHERE total > 20\n) LIMIT 0. Expected "
               u"ALL, e.what() = DB::Exception"_s
            << u"SELECT id FROM orders UNION SELECT id FROM orders WHERE total > 20"_s
            << u"syntax"_s
            << L{u"UNION ALL only"_s,
                 u"`SELECT DISTINCT * FROM (SELECT ... UNION ALL SELECT ...)`"_s}
            << L{u"Check the SQL near"_s};
    QTest::newRow("clickhouse 18.16: > ALL (SELECT ...) read as a call")
            << Engine::ClickHouse
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 49: "
               u"total FROM orders WHERE id < 3). Expected one of: AS, Comma, Dot, Arrow, "
               u"QuestionMark, token, OR, BETWEEN, IS, NOT LIKE, LIKE, GLOBAL IN, IN, GLOBAL NOT "
               u"IN, NOT IN, AND, alias, e.what() = DB::Exception"_s
            << u"SELECT id FROM orders WHERE total > ALL (SELECT total FROM orders WHERE id < 3)"_s
            << u"syntax"_s << L{u"ClickHouse has no comparison with ANY or ALL"_s, u"MAX"_s}
            << L{u"Check the SQL near"_s};
    QTest::newRow("clickhouse 18.16: DISTINCT ON read as a function ON")
            << Engine::ClickHouse
            << u"Code: 46, e.displayText() = DB::Exception: Unknown function ON, e.what() = "
               u"DB::Exception"_s
            << u"SELECT DISTINCT ON (user_id) id FROM orders"_s << u"function_missing"_s
            << L{u"has no SELECT DISTINCT ON"_s} << L{u"no function"_s};
    QTest::newRow("sqlite: FETCH FIRST n ROWS ONLY")
            << Engine::SQLite << u"near \"FETCH\": syntax error"_s
            << u"SELECT id FROM orders ORDER BY total DESC FETCH FIRST 3 ROWS ONLY"_s << u"syntax"_s
            << L{u"has no `FETCH FIRST n ROWS ONLY`"_s, u"`LIMIT 3`"_s} << L{};
    QTest::newRow("sqlite: OFFSET m ROWS FETCH NEXT n ROWS ONLY, stopped at OFFSET")
            << Engine::SQLite << u"near \"OFFSET\": syntax error"_s
            << u"SELECT id FROM orders ORDER BY id OFFSET 2 ROWS FETCH NEXT 3 ROWS ONLY"_s
            << u"syntax"_s << L{u"`LIMIT 3 OFFSET 2`"_s} << L{u"Check the SQL"_s};
    QTest::newRow("sqlite: FETCH FIRST ROW ONLY is one row")
            << Engine::SQLite << u"near \"FETCH\": syntax error"_s
            << u"SELECT id FROM orders ORDER BY total DESC FETCH FIRST ROW ONLY"_s << u"syntax"_s
            << L{u"`LIMIT 1`"_s} << L{u"Check the SQL"_s};
    QTest::newRow("sqlite: FETCH FIRST in a subquery is not the outer limit")
            << Engine::SQLite << u"near \"FETCH\": syntax error"_s
            << u"SELECT id FROM (SELECT id FROM orders FETCH FIRST 3 ROWS ONLY) AS o"_s
            << u"syntax"_s << L{} << L{u"`LIMIT 3`"_s};
    QTest::newRow("clickhouse 18.16: FETCH FIRST, stopped at FIRST")
            << Engine::ClickHouse
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 33: "
               u"FIRST 2 ROWS ONLY. Expected one of: token, OR, AND, e.what() = DB::Exception"_s
            << u"SELECT id FROM orders FETCH FIRST 2 ROWS ONLY"_s << u"syntax"_s
            << L{u"has no `FETCH FIRST n ROWS ONLY`"_s, u"`LIMIT 2`"_s} << L{u"Check the SQL"_s};
    QTest::newRow("a parser that lists EXCEPT: MINUS is spelled EXCEPT")
            << Engine::ClickHouse
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 23: "
               u"SELECT id FROM orders. Expected one of: UNION, EXCEPT, INTERSECT, WHERE, "
               u"e.what() = DB::Exception"_s
            << u"SELECT id FROM orders MINUS SELECT id FROM orders"_s << u"syntax"_s
            << L{u"spells EXCEPT"_s} << L{u"has no EXCEPT"_s};
}

void tst_Advisor::foreignConstructs()
{
    QFETCH(Engine, engine);
    QFETCH(QString, message);
    QFETCH(QString, statement);
    QFETCH(QString, errorClass);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, mustNotContain);
    const Diagnosis diagnosis = diagnoseStatement(engine, message, statement);
    QCOMPARE(errorClassName(diagnosis.errorClass()), errorClass);
    const QString &next = diagnosis.advice.nextStep;
    const QString missed = missedPart(next, mustContain, mustNotContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
}

// PostgreSQL reads "russia" as a column: where it stands as a compared value and no column is
// named like it, the advice says to write it in single quotes.
void tst_Advisor::doubleQuotedValue()
{
    const SchemaNames schema = pokerSchema();
    const Diagnosis value =
            diagnoseStatement(Engine::PostgreSQL, u"ERROR:  column \"russia\" does not exist"_s,
                              u"SELECT Name FROM people WHERE Nationality = \"russia\""_s, &schema);
    QCOMPARE(errorClassName(value.errorClass()), u"column_missing"_s);
    QString missed =
            missedPart(value.advice.nextStep, {u"double quotes name a column"_s, u"`'russia'`"_s});
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
    // ClickHouse reads double quotes as a name too (18.16's words).
    const Diagnosis clickHouse = diagnoseStatement(
            Engine::ClickHouse,
            u"Code: 47, e.displayText() = DB::Exception: Unknown identifier: russia, e.what() = "
            u"DB::Exception"_s,
            u"SELECT Name FROM people WHERE Nationality = \"russia\""_s, &schema);
    missed = missedPart(clickHouse.advice.nextStep,
                        {u"in ClickHouse, double quotes name a column"_s, u"`'russia'`"_s});
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
    // Compared with a value, it is the column side.
    const Diagnosis column =
            diagnoseStatement(Engine::PostgreSQL, u"ERROR:  column \"russia\" does not exist"_s,
                              u"SELECT Name FROM people WHERE \"russia\" = 'x'"_s, &schema);
    missed = missedPart(column.advice.nextStep, {}, {u"single quotes"_s});
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
}

// A JOIN whose right side is a Distributed table runs on each shard, which looks the table up
// in its own database: the advice is GLOBAL JOIN, not a table a typo away.
void tst_Advisor::clickHouseDistributedJoin_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<bool>("global");
    QTest::newRow("join") << u"SELECT o.id FROM orders o JOIN orders p ON o.id = p.id"_s << true;
    QTest::newRow("in") << u"SELECT id FROM orders WHERE id IN (SELECT id FROM orders)"_s << true;
    QTest::newRow("no join") << u"SELECT id FROM shard2.orders"_s << false;
}

void tst_Advisor::clickHouseDistributedJoin()
{
    QFETCH(QString, statement);
    QFETCH(bool, global);
    const SchemaNames schema = shopSchema();
    DecapsulatedError error;
    error.raw = error.rootCause = u"Table shard2.orders doesn't exist.."_s;
    Classification classification;
    classification.errorClass = ErrorClass::TableMissing;
    const Advice advice =
            Advisor::advise(Engine::ClickHouse, error, classification, &schema, statement);
    QVERIFY2(advice.nextStep.contains(u"GLOBAL JOIN") == global, qPrintable(advice.nextStep));
}

// A qualifier and its column with a space between them: the engine stops at the column.
void tst_Advisor::qualifierWithoutDot_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("written"); // empty: not this advice
    QTest::newRow("an alias") << u"SELECT u.username FROM users u WHERE u email = 'x'"_s
                              << u"near \"email\": syntax error"_s << u"u.email"_s;
    QTest::newRow("a table")
            << u"SELECT users.id FROM users JOIN orders ON users.id = orders.user_id "
               u"WHERE orders status <> 'paid'"_s
            << u"near \"status\": syntax error"_s << u"orders.status"_s;
    QTest::newRow("not a column of it") << u"SELECT u.username FROM users u WHERE u total = 1"_s
                                        << u"near \"total\": syntax error"_s << QString();
    QTest::newRow("a keyword after a table") << u"SELECT id FROM users u IN WHERE u.id = 1"_s
                                             << u"near \"IN\": syntax error"_s << QString();
}

void tst_Advisor::qualifierWithoutDot()
{
    QFETCH(QString, statement);
    QFETCH(QString, message);
    QFETCH(QString, written);
    const SchemaNames schema = shopSchema();
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, message, statement, &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"syntax"_s);
    const QString &next = diagnosis.advice.nextStep;
    if (written.isEmpty()) {
        QVERIFY2(!next.contains(u"joined by a dot"_s), qPrintable(next));
        return;
    }
    QVERIFY2(next.contains(u"joined by a dot. Write `"_s + written + u'`'), qPrintable(next));
    QCOMPARE(diagnosis.advice.suggestions, QStringList{written});
}

// An alias of several words: quoted, unless a word of it may be the next column, its comma left
// out, or the words run into a clause whose keyword is misspelt.
void tst_Advisor::severalWordAliases_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("mustNotContain");
    using L = QStringList;
    QTest::newRow("quoted") << u"SELECT COUNT(*) AS number of buyers FROM users"_s
                            << u"near \"of\": syntax error"_s
                            << L{u"An alias of several words needs quotes: write `AS \"number of "
                                 u"buyers\"`"_s}
                            << L{u"comma"_s};
    QTest::newRow("before the next item")
            << u"SELECT COUNT(*) AS buyers here, MAX(id) FROM users"_s
            << u"near \"here\": syntax error"_s << L{u"`AS \"buyers here\"`"_s} << L{};
    QTest::newRow("a column after its first word")
            << u"SELECT username AS n email FROM users"_s << u"near \"email\": syntax error"_s
            << L{u"`email` is a column of the query's tables"_s,
                 u"a comma is missing before it (`AS n, email`)"_s, u"write `AS \"n email\"`"_s}
            << L{u"needs quotes"_s};
    QTest::newRow("a misspelt FROM after it")
            << u"SELECT COUNT(*) AS n FORM users"_s << u"near \"FORM\": syntax error"_s << L{}
            << L{u"alias"_s};
}

void tst_Advisor::severalWordAliases()
{
    QFETCH(QString, statement);
    QFETCH(QString, message);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, mustNotContain);
    const SchemaNames schema = shopSchema();
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, message, statement, &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"syntax"_s);
    const QString missed = missedPart(diagnosis.advice.nextStep, mustContain, mustNotContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
}

// A qualifier that stands for a WITH query, before a column the query does not return: its
// columns, and who returns the column.
void tst_Advisor::withQueryColumns_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QStringList>("mustContain"); // empty: not this advice
    QTest::addColumn<QStringList>("suggestions");
    using L = QStringList;
    QTest::newRow("a table's column the WITH query does not select")
            << u"WITH totals AS (SELECT o.user_id, SUM(o.total) AS spent FROM orders o GROUP BY "
               u"o.user_id) SELECT t.user_id, t.username FROM totals t ORDER BY t.spent DESC"_s
            << u"ERROR:  column t.username does not exist"_s
            << L{u"`t` stands for the WITH query `totals`, whose columns are `user_id`, `spent`."_s,
                 u"`username` is a column of users: select it in `totals`'s SELECT list"_s}
            << L{};
    QTest::newRow("another WITH query returns it")
            << u"WITH a AS (SELECT MAX(total) AS top FROM orders), b AS (SELECT MIN(total) AS "
               u"bottom FROM orders) SELECT x.top, x.bottom FROM a x, b"_s
            << u"ERROR:  column x.bottom does not exist"_s
            << L{u"whose columns are `top`."_s, u"`b` returns `bottom`: write `b.bottom`."_s}
            << L{u"b.bottom"_s};
    QTest::newRow("a column list")
            << u"WITH a(n, m) AS (SELECT id, total FROM orders) SELECT a.total FROM a"_s
            << u"ERROR:  column a.total does not exist"_s
            << L{u"whose columns are `n`, `m`."_s, u"`total` is a column of"_s} << L{};
    QTest::newRow("an expression without a name: the columns are not known")
            << u"WITH a AS (SELECT MAX(total) FROM orders) SELECT a.top FROM a"_s
            << u"ERROR:  column a.top does not exist"_s << L{} << L{};
    QTest::newRow("the same alias inside the WITH query is another table")
            << u"WITH c AS (SELECT d.id, COUNT(*) AS n FROM orders d GROUP BY d.id) SELECT d.id, "
               u"d.status FROM c d"_s
            << u"ERROR:  column d.status does not exist"_s
            << L{u"`d` stands for the WITH query `c`, whose columns are `id`, `n`."_s} << L{};
}

void tst_Advisor::withQueryColumns()
{
    QFETCH(QString, statement);
    QFETCH(QString, message);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, suggestions);
    const SchemaNames schema = shopSchema();
    const Diagnosis diagnosis = diagnoseStatement(Engine::PostgreSQL, message, statement, &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"column_missing"_s);
    const QString &next = diagnosis.advice.nextStep;
    if (mustContain.isEmpty()) {
        QVERIFY2(!next.contains(u"stands for the WITH query"_s), qPrintable(next));
        return;
    }
    const QString missed = missedPart(next, mustContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
    QCOMPARE(diagnosis.advice.suggestions, suggestions);
}

namespace {

// Years kept as numbers, as text named for the year, and beside a date.
SchemaNames datePartSchema()
{
    SchemaNames schema;
    schema.tables = {
            {u"main"_s, u"cars_data"_s, {u"Id"_s, u"Year"_s}, false, {u"INTEGER"_s, u"INTEGER"_s}},
            {u"main"_s,
             u"concert"_s,
             {u"concert_ID"_s, u"Name"_s, u"Year"_s, u"Opened"_s, u"Release_Year"_s},
             false,
             {u"int"_s, u"text"_s, u"int"_s, u"text"_s, u"text"_s}},
            {u"main"_s,
             u"matches"_s,
             {u"match_num"_s, u"tourney_date"_s, u"year"_s, u"winner_name"_s},
             false,
             {u"INT"_s, u"DATE"_s, u"INT"_s, u"TEXT"_s}},
            {u"main"_s, u"visits"_s, {u"visit_id"_s, u"visited"_s}, false, {u"INT"_s, u"DATE"_s}},
            {u"main"_s,
             u"Dogs"_s,
             {u"dog_id"_s, u"age"_s, u"date_of_birth"_s},
             false,
             {u"INT"_s, u"TEXT"_s, u"DATE"_s}},
    };
    return schema;
}

} // namespace

// YEAR(c.Year) on SQLite where Year holds numbers: strftime('%Y', c.Year) would read 2014 as a
// day count (a year before the common era); the advice is the column itself.
void tst_Advisor::datePartOfANumber_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("mustNotContain");
    using L = QStringList;
    const L strftime{u"strftime('%Y', col)"_s};
    QTest::newRow("compared with a number")
            << u"SELECT COUNT(*) FROM cars_data WHERE YEAR(Year) = 1980"_s
            << u"no such function: YEAR"_s
            << L{u"`Year` holds numbers (INTEGER), not dates"_s, u"`Year = 1980`"_s} << strftime;
    QTest::newRow("qualified, compared with a string of digits")
            << u"SELECT c.Name FROM concert AS c WHERE YEAR(c.Year) = '2014'"_s
            << u"no such function: YEAR"_s
            << L{u"`c.Year` holds numbers (int), not dates"_s, u"`c.Year = 2014`"_s} << strftime;
    QTest::newRow("quoted, named without its quotes")
            << u"SELECT MIN(Id) FROM `cars_data` WHERE YEAR(`Year`) = 1974"_s
            << u"no such function: YEAR"_s << L{u"e.g. `Year = 1974`"_s} << L{u"``"_s};
    QTest::newRow("in the select list")
            << u"SELECT MONTH(cars_data.Year) FROM cars_data"_s << u"no such function: MONTH"_s
            << L{u"`cars_data.Year` holds numbers"_s, u"the month itself"_s} << L{};
    QTest::newRow("a text column is read as a date")
            << u"SELECT c.Name FROM concert AS c WHERE YEAR(c.Opened) = 2014"_s
            << u"no such function: YEAR"_s << strftime << L{u"holds numbers"_s};
    QTest::newRow("a text column named for the year")
            << u"SELECT c.Name FROM concert AS c WHERE YEAR(c.Release_Year) = '2014'"_s
            << u"no such function: YEAR"_s
            << L{u"`c.Release_Year` is a text column (text) named for the year"_s,
                 u"`c.Release_Year = '2014'`"_s, u"strftime('%Y', col)"_s}
            << L{u"holds numbers"_s};
    QTest::newRow("a column two tables have")
            << u"SELECT COUNT(*) FROM cars_data JOIN concert ON 1 = 1 WHERE YEAR(Year) = 1980"_s
            << u"no such function: YEAR"_s << strftime << L{u"holds numbers"_s};
    QTest::newRow("an expression, not a column")
            << u"SELECT COUNT(*) FROM cars_data WHERE YEAR(Year + 1) = 1980"_s
            << u"no such function: YEAR"_s << strftime << L{u"holds numbers"_s};
    QTest::newRow("without the statement")
            << QString() << u"no such function: YEAR"_s << strftime << L{u"holds numbers"_s};
    // As for EXTRACT (extractPart): the date's table keeps the year in a column of its own.
    QTest::newRow("a date beside a column named for the part")
            << u"SELECT COUNT(*) FROM matches m WHERE YEAR(m.tourney_date) = 2013"_s
            << u"no such function: YEAR"_s
            << L{u"SQLite has no function `YEAR`. `matches` has a column `year`: if it holds the "
                 "year of `m.tourney_date`, use it as it is (`m.year`); otherwise write "
                 "`strftime('%Y', col)`."_s}
            << L{};
    QTest::newRow("a date without such a column")
            << u"SELECT COUNT(*) FROM visits v WHERE YEAR(v.visited) = 2013"_s
            << u"no such function: YEAR"_s << strftime << L{u"has a column"_s};
    // The model computes an age the table stores: the item's name says which column.
    QTest::newRow("a value the statement names as a stored column")
            << u"SELECT AVG(DATEDIFF(CURRENT_DATE, date_of_birth) / 365) AS average_age FROM Dogs"_s
            << u"no such function: DATEDIFF"_s
            << L{u"The query names this value `average_age`, and `Dogs.age` is stored: if it holds "
                 "that value, read it instead of computing it."_s}
            << L{};
    QTest::newRow("a name of one word says nothing")
            << u"SELECT AVG(DATEDIFF(CURRENT_DATE, date_of_birth)) AS age FROM Dogs"_s
            << u"no such function: DATEDIFF"_s << L{u"julianday("_s} << L{u"is stored"_s};
    QTest::newRow("a stored column the call reads is no news")
            << u"SELECT DATEDIFF(CURRENT_DATE, age) AS dog_age FROM Dogs"_s
            << u"no such function: DATEDIFF"_s << L{u"julianday("_s} << L{u"is stored"_s};
    QTest::newRow("no column named for that part")
            << u"SELECT MONTH(m.tourney_date) FROM matches m"_s << u"no such function: MONTH"_s
            << L{u"SQLite has no function `MONTH`. Use"_s} << L{u"has a column"_s};
}

void tst_Advisor::datePartOfANumber()
{
    QFETCH(QString, statement);
    QFETCH(QString, message);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, mustNotContain);
    const SchemaNames schema = datePartSchema();
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, message, statement, &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"function_missing"_s);
    const QString &next = diagnosis.advice.nextStep;
    const QString missed = missedPart(next, mustContain, mustNotContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
}

// EXTRACT(part FROM ...) on SQLite, which has none, read with the schema: a year kept as a number
// or as text named for it is used as it is; a date beside a column named for the part (matches.year
// beside matches.tourney_date) points to that column; otherwise the engine's own spelling.
void tst_Advisor::extractPart_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("mustNotContain");
    QTest::addColumn<QStringList>("suggestions");
    using L = QStringList;
    const QString plain = u"Write `strftime('%Y', col)` instead."_s;
    QTest::newRow("a year kept as a number")
            << u"SELECT COUNT(*) FROM cars_data WHERE EXTRACT(YEAR FROM Year) = 1980"_s
            << L{u"SQLite has no EXTRACT(YEAR FROM ...), and `Year` holds numbers (INTEGER)"_s,
                 u"e.g. `Year = 1980`"_s}
            << L{u"strftime"_s} << L{};
    QTest::newRow("a text column named for the year, under another dialect's cast")
            << u"SELECT EXTRACT(YEAR FROM TO_DATE(c.Release_Year, 'YYYY')) AS y FROM concert c"_s
            << L{u"`c.Release_Year` is a text column (text) named for the year"_s,
                 u"use `strftime('%Y', col)`"_s}
            << L{u"holds numbers"_s} << L{};
    QTest::newRow("a date beside a column named for the part")
            << u"SELECT EXTRACT(YEAR FROM m.tourney_date) AS y, COUNT(*) FROM matches m GROUP BY "
               "y"_s
            << L{u"`matches` has a column `year`: if it holds the year of `m.tourney_date`, use "
                 "it as it is (`m.year`); otherwise write `strftime('%Y', col)`."_s}
            << L{} << L{u"m.year"_s};
    QTest::newRow("bare, beside a column named for the part")
            << u"SELECT COUNT(*) FROM matches WHERE EXTRACT(YEAR FROM tourney_date) = 2013"_s
            << L{u"use it as it is (`year`)"_s} << L{} << L{u"year"_s};
    QTest::newRow("a text date beside a year kept as a number")
            << u"SELECT EXTRACT(YEAR FROM c.Opened) FROM concert c"_s
            << L{u"`concert` has a column `Year`: if it holds the year of `c.Opened`, use it as it "
                 "is (`c.Year`)"_s}
            << L{} << L{u"c.Year"_s};
    QTest::newRow("a date without such a column")
            << u"SELECT EXTRACT(YEAR FROM v.visited) FROM visits v"_s << L{plain}
            << L{u"has a column"_s} << L{};
    QTest::newRow("no column named for that part")
            << u"SELECT EXTRACT(MONTH FROM m.tourney_date) FROM matches m"_s
            << L{u"EXTRACT(MONTH"_s} << L{u"has a column"_s} << L{};
    QTest::newRow("two columns") << u"SELECT EXTRACT(YEAR FROM MAX(m.tourney_date, m.match_num)) "
                                    "FROM matches m"_s
                                 << L{plain} << L{u"has a column"_s} << L{};
    QTest::newRow("a table the schema lacks")
            << u"SELECT EXTRACT(YEAR FROM t.tourney_date) FROM trips t"_s << L{plain}
            << L{u"has a column"_s} << L{};
}

void tst_Advisor::extractPart()
{
    QFETCH(QString, statement);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, mustNotContain);
    QFETCH(QStringList, suggestions);
    const SchemaNames schema = datePartSchema();
    const Diagnosis diagnosis =
            diagnoseStatement(Engine::SQLite, u"near \"FROM\": syntax error"_s, statement, &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"syntax"_s);
    const QString missed = missedPart(diagnosis.advice.nextStep, mustContain, mustNotContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
    QCOMPARE(diagnosis.advice.suggestions, suggestions);
}

// ROWNUM, Oracle's number of a row of a result, elsewhere: the engine's row limit. A table that
// has a column of that name keeps the usual advice.
void tst_Advisor::rownum_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::addColumn<QString>("message");
    QTest::addColumn<bool>("ownColumn");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("mustNotContain");
    using L = QStringList;
    QTest::newRow("sqlite") << Engine::SQLite << u"no such column: ROWNUM"_s << false
                            << L{u"SQLite has no `ROWNUM`, Oracle's number of each row"_s,
                                 u"(`LIMIT 1` keeps one row)"_s}
                            << L{};
    QTest::newRow("postgresql, in lower case")
            << Engine::PostgreSQL << u"ERROR:  column \"rownum\" does not exist"_s << false
            << L{u"PostgreSQL has no `ROWNUM`"_s, u"`LIMIT 1`"_s} << L{};
    QTest::newRow("a column of that name")
            << Engine::SQLite << u"no such column: ROWNUM"_s << true << L{} << L{u"Oracle"_s};
}

void tst_Advisor::rownum()
{
    QFETCH(Engine, engine);
    QFETCH(QString, message);
    QFETCH(bool, ownColumn);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, mustNotContain);
    SchemaNames schema;
    schema.tables = {{u"main"_s, u"matches"_s, {u"winner_name"_s, u"winner_rank_points"_s}, false},
                     {u"main"_s, u"ranks"_s, {u"id"_s, ownColumn ? u"rownum"_s : u"pos"_s}, false}};
    const Diagnosis diagnosis =
            diagnoseStatement(engine, message,
                              u"SELECT winner_name FROM (SELECT winner_name FROM matches ORDER BY "
                              "winner_rank_points DESC) WHERE ROWNUM = 1"_s,
                              &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"column_missing"_s);
    const QString missed = missedPart(diagnosis.advice.nextStep, mustContain, mustNotContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
}

// A column the entity's table lacks, which the table joined to it keeps for the joined row under
// the key's role: the loser's name is matches.loser_name, not players.name.
void tst_Advisor::roleColumns_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("mustNotContain");
    QTest::addColumn<QStringList>("suggestions");
    using L = QStringList;
    QTest::newRow("the loser's name")
            << u"SELECT p1.name FROM matches m JOIN players p1 ON m.loser_id = p1.player_id"_s
            << u"no such column: p1.name"_s
            << L{u"The column `p1.name` does not exist in `players`. `matches` (alias `m`), which "
                 "the query joins to it on `m.loser_id`, holds it for that row as `loser_name`: "
                 "write `m.loser_name`."_s}
            << L{} << L{u"m.loser_name"_s};
    QTest::newRow("the condition written the other way round")
            << u"SELECT T2.name FROM matches AS T1 JOIN players AS T2 ON T2.player_id = "
               "T1.winner_id"_s
            << u"no such column: T2.name"_s << L{u"write `T1.winner_name`"_s} << L{}
            << L{u"T1.winner_name"_s};
    QTest::newRow("no column of that role")
            << u"SELECT p1.height FROM matches m JOIN players p1 ON m.loser_id = p1.player_id"_s
            << u"no such column: p1.height"_s << L{} << L{u"holds it for that row"_s} << L{};
    QTest::newRow("keys of one name have no role")
            << u"SELECT p.points FROM rankings r JOIN players p ON r.player_id = p.player_id"_s
            << u"no such column: p.points"_s << L{} << L{u"holds it for that row"_s} << L{};
    QTest::newRow("a column the table has elsewhere is a qualifier problem first")
            << u"SELECT p1.minutes FROM matches m JOIN players p1 ON m.loser_id = p1.player_id"_s
            << u"no such column: p1.minutes"_s << L{u"`m.minutes`"_s}
            << L{u"holds it for that row"_s} << L{};
}

void tst_Advisor::roleColumns()
{
    QFETCH(QString, statement);
    QFETCH(QString, message);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, mustNotContain);
    QFETCH(QStringList, suggestions);
    SchemaNames schema;
    SchemaNames::Table players{
            u"main"_s, u"players"_s, {u"player_id"_s, u"first_name"_s, u"last_name"_s, u"hand"_s}};
    players.primaryKey = {u"player_id"_s};
    SchemaNames::Table matches{u"main"_s,
                               u"matches"_s,
                               {u"winner_id"_s, u"loser_id"_s, u"winner_name"_s, u"loser_name"_s,
                                u"loser_points"_s, u"minutes"_s}};
    matches.foreignKeys = {{{u"winner_id"_s}, u"players"_s, {u"player_id"_s}},
                           {{u"loser_id"_s}, u"players"_s, {u"player_id"_s}}};
    SchemaNames::Table rankings{
            u"main"_s, u"rankings"_s, {u"player_id"_s, u"ranking_points"_s, u"player_points"_s}};
    schema.tables = {players, matches, rankings};
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, message, statement, &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"column_missing"_s);
    const QString missed = missedPart(diagnosis.advice.nextStep, mustContain, mustNotContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
    if (!suggestions.isEmpty())
        QCOMPARE(diagnosis.advice.suggestions, suggestions);
}

// A missing table that resembles none gets the schema's tables: all of a small schema, where the
// one meant may sort late (Students after Student_Enrolment_Courses), and a count of the rest of
// a large one.
void tst_Advisor::missingTableListsTheTables()
{
    SchemaNames small;
    for (const QString &name :
         {u"Addresses"_s, u"Courses"_s, u"Degree_Programs"_s, u"Departments"_s, u"Sections"_s,
          u"Semesters"_s, u"Student_Enrolment"_s, u"Student_Enrolment_Courses"_s, u"Students"_s,
          u"Transcript_Contents"_s, u"Transcripts"_s})
        small.tables.append({u"main"_s, name, {u"id"_s}, false});
    Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, u"no such table: person"_s,
                                            u"SELECT cell_mobile_number FROM person"_s, &small);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"table_missing"_s);
    QVERIFY2(diagnosis.advice.nextStep.contains(u"Students, Transcript_Contents, Transcripts."_s),
             qPrintable(diagnosis.advice.nextStep));
    QCOMPARE(diagnosis.advice.suggestions.size(), 11);

    SchemaNames large;
    for (int i = 0; i < 30; ++i)
        large.tables.append(
                {u"main"_s, u"t%1"_s.arg(i, 2, 10, QLatin1Char('0')), {u"id"_s}, false});
    diagnosis = diagnoseStatement(Engine::SQLite, u"no such table: person"_s,
                                  u"SELECT cell_mobile_number FROM person"_s, &large);
    QVERIFY2(diagnosis.advice.nextStep.contains(u"t23, and 6 more."_s),
             qPrintable(diagnosis.advice.nextStep));
    QVERIFY(!diagnosis.advice.nextStep.contains(u"t24"_s));
    QCOMPARE(diagnosis.advice.suggestions.size(), 24);
}

// A reply the token limit cut: the statement stops at an alias, or at its start, where a column
// of it would follow. Not where the alias stands elsewhere.
void tst_Advisor::cutOffAtAnAlias_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("mustNotContain");
    using L = QStringList;
    QTest::newRow("at an alias")
            << u"no such column: T2"_s
            << u"SELECT T1.Name FROM people AS T1 JOIN poker_player AS T2 ON T1.People_ID = T2;"_s
            << L{u"The statement ends at `T2` (the alias `T2` of the query, or its start)"_s,
                 u"looks cut off"_s}
            << L{};
    QTest::newRow("inside an alias")
            << u"no such column: T"_s
            << u"SELECT T1.Name FROM people AS T1 JOIN poker_player AS T2 ON T"_s
            << L{u"The statement ends at `T` (the alias `T1` of the query"_s} << L{};
    QTest::newRow("an alias that does not end the statement")
            << u"no such column: T2"_s
            << u"SELECT T1.Name FROM people AS T1 JOIN poker_player AS T2 ON T1.People_ID = T2 "
               "WHERE T1.Height > 2"_s
            << L{} << L{u"cut off"_s};
    QTest::newRow("a table's own name at the end")
            << u"no such column: people"_s << u"SELECT COUNT(*) FROM people GROUP BY people"_s
            << L{} << L{u"cut off"_s};
}

void tst_Advisor::cutOffAtAnAlias()
{
    QFETCH(QString, message);
    QFETCH(QString, statement);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, mustNotContain);
    const SchemaNames schema = pokerSchema();
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, message, statement, &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"column_missing"_s);
    const QString missed = missedPart(diagnosis.advice.nextStep, mustContain, mustNotContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
}

// A missing table read through its alias: the real table that has every column the query reads
// from it is the one it means, named first; when the query already reads that table, the advice
// says to take the columns from there.
void tst_Advisor::missingTableKnownByItsColumns_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("mustContain");
    QTest::addColumn<QString>("firstSuggestion");

    QTest::newRow("a table not in the query")
            << u"no such table: gamblers"_s
            << u"SELECT g.Earnings FROM people AS p JOIN gamblers AS g ON p.People_ID = "
               "g.People_ID"_s
            << u"The columns the query reads from it (Earnings, People_ID) are in poker_player."_s
            << u"poker_player"_s;
    QTest::newRow("a table the query reads")
            << u"no such table: statures"_s
            << u"SELECT Name FROM people JOIN statures AS s ON s.People_ID = people.People_ID "
               "WHERE s.Height > 2"_s
            << u"(People_ID, Height) are in people. The query already reads `people`: take the "
               "columns from there"_s
            << u"people"_s;
    QTest::newRow("two tables have them: named, neither preferred")
            << u"no such table: person"_s
            << u"SELECT COUNT(*) FROM person AS x WHERE x.People_ID > 3"_s
            << u"(People_ID) are in people, poker_player."_s << QString();
    QTest::newRow("no table has them: nothing said")
            << u"no such table: gamblers"_s << u"SELECT g.Earnings, g.Wins FROM gamblers AS g"_s
            << QString() << QString();
}

void tst_Advisor::missingTableKnownByItsColumns()
{
    QFETCH(QString, message);
    QFETCH(QString, statement);
    QFETCH(QString, mustContain);
    QFETCH(QString, firstSuggestion);
    const SchemaNames schema = pokerSchema();
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, message, statement, &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"table_missing"_s);
    const QString &advice = diagnosis.advice.nextStep;
    if (mustContain.isEmpty())
        QVERIFY2(!advice.contains(u"reads from it"_s), qPrintable(advice));
    else
        QVERIFY2(advice.contains(mustContain), qPrintable(advice));
    if (!firstSuggestion.isEmpty()) {
        QVERIFY(!diagnosis.advice.suggestions.isEmpty());
        QCOMPARE(diagnosis.advice.suggestions.constFirst(), firstSuggestion);
    } else {
        QVERIFY2(!advice.contains(u"already reads"_s), qPrintable(advice));
    }
}

// A missing column that is a date unit of a function the engine lacks (TIMESTAMPDIFF(YEAR, ...)),
// and one no spelling is close to but a column's word shares its stem (Director, Directed_by).
void tst_Advisor::unitsAndStems_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("suggestions");
    using L = QStringList;
    QTest::newRow("the unit of TIMESTAMPDIFF, though a table has a Year")
            << u"SELECT MAX(TIMESTAMPDIFF(YEAR, date_of_birth, CURDATE())) FROM Dogs"_s
            << u"no such column: YEAR"_s
            << L{u"`YEAR` is the unit argument of `TIMESTAMPDIFF`"_s, u"julianday("_s} << L{};
    QTest::newRow("the unit of a call the statement names as a stored column")
            << u"SELECT MAX(TIMESTAMPDIFF(YEAR, date_of_birth, CURDATE())) AS max_age FROM Dogs"_s
            << u"no such column: YEAR"_s
            << L{u"`YEAR` is the unit argument of `TIMESTAMPDIFF`"_s,
                 u"The query names this value `max_age`, and `Dogs.age` is stored"_s}
            << L{};
    QTest::newRow("SQL Server's DATEDIFF")
            << u"SELECT DATEDIFF(day, date_arrived, date_departed) FROM Dogs"_s
            << u"no such column: day"_s
            << L{u"`day` is the unit argument of `DATEDIFF`"_s, u"julianday("_s} << L{};
    QTest::newRow("a unit word that is a column of the query")
            << u"SELECT Year FROM cars_data"_s << u"no such column: Year"_s
            << L{u"it is in concert"_s} << L{u"concert.Year"_s};
    QTest::newRow("an agent noun for a participle")
            << u"SELECT Director, COUNT(*) FROM Cartoon GROUP BY Director"_s
            << u"no such column: Director"_s << L{u"same stem: Directed_by (in Cartoon)"_s}
            << L{u"Directed_by"_s};
    QTest::newRow("writer, written")
            << u"SELECT COUNT(*) FROM Cartoon WHERE Writer = 'x'"_s << u"no such column: Writer"_s
            << L{u"Written_by (in Cartoon)"_s} << L{u"Written_by"_s};
    QTest::newRow("no stem in common")
            << u"SELECT Founded FROM Cartoon"_s << u"no such column: Founded"_s
            << L{u"no column of `Cartoon` has a similar name. Its columns are id, Title, "
                 "Directed_by, Written_by"_s}
            << L{u"id"_s, u"Title"_s, u"Directed_by"_s, u"Written_by"_s};
    QTest::newRow("no stem in common, qualified, two tables")
            << u"SELECT c.Founded FROM Cartoon AS c JOIN concert AS k ON k.concert_ID = c.id"_s
            << u"no such column: c.Founded"_s << L{u"no column of `Cartoon` has a similar name"_s}
            << L{u"id"_s, u"Title"_s, u"Directed_by"_s, u"Written_by"_s};
    QTest::newRow("no stem in common, two tables")
            << u"SELECT Founded FROM Cartoon AS c JOIN concert AS k ON k.concert_ID = c.id"_s
            << u"no such column: Founded"_s
            << L{u"no column of the query's tables has a similar name. `Cartoon` has id, Title, "
                 "Directed_by, Written_by; `concert` has concert_ID, Year."_s}
            << L{u"id"_s,         u"Title"_s,      u"Directed_by"_s,
                 u"Written_by"_s, u"concert_ID"_s, u"Year"_s};
    // COUNT(cartoon): the table's name where a column stands.
    QTest::newRow("a table read as a column")
            << u"SELECT COUNT(cartoon) FROM Cartoon"_s << u"no such column: cartoon"_s
            << L{u"`cartoon` is a table the query reads, not a column of it: `COUNT(*)` counts "
                 "its rows, and its columns are id, Title, Directed_by, Written_by."_s}
            << L{u"id"_s, u"Title"_s, u"Directed_by"_s, u"Written_by"_s};
    // SELECT country FROM country, compared with a key onto it: the table's key is what it means.
    QTest::newRow("a table read as its key")
            << u"SELECT Language FROM countrylanguage WHERE CountryCode IN (SELECT country FROM "
               "country WHERE Name = 'Aruba')"_s
            << u"no such column: country"_s
            << L{u"`country` is a table the query reads, not a column of it: its key is `Code`, "
                 "`COUNT(*)` counts its rows, and its columns are Code, Name."_s}
            << L{u"Code"_s, u"Name"_s};
    // SELECT Airlines FROM airlines: its column Airline is the closer reading.
    QTest::newRow("a table with a column spelled like it")
            << u"SELECT Airlines FROM airlines GROUP BY Airlines"_s << u"no such column: Airlines"_s
            << L{u"Use one of: Airline (in airlines)"_s} << L{u"Airline"_s};
    // The outer query's ORDER BY uses the name a subquery inside its HAVING gives its count.
    QTest::newRow("a subquery's name for its result, used outside it")
            << u"SELECT Title FROM Cartoon GROUP BY Title HAVING COUNT(*) = (SELECT MAX(n) FROM "
               "(SELECT COUNT(*) AS n FROM Cartoon GROUP BY Directed_by) AS t) ORDER BY n DESC"_s
            << u"no such column: n"_s
            << L{u"`n` is the name a subquery gives its result (`COUNT(*) AS n`), and only the "
                 "query that reads that subquery in its FROM knows it. Where it stands now, write "
                 "the expression itself (`COUNT(*)`)."_s}
            << L{};
    // AS inside a call names a type, not a result.
    QTest::newRow("a type in a subquery's CAST is no name of a result")
            << u"SELECT Title FROM Cartoon WHERE id IN (SELECT id FROM Cartoon WHERE id IN "
               "(SELECT CAST(id AS Year) FROM Cartoon)) ORDER BY Year"_s
            << u"no such column: Year"_s << L{u"it is in concert"_s} << L{u"concert.Year"_s};
    QTest::newRow("a qualifier the query does not define: no columns listed")
            << u"SELECT x.Founded FROM Cartoon AS c"_s << u"no such column: x.Founded"_s
            << L{u"no real column has a similar name"_s} << L{};
    // A word no column is like, where a value stands: a text value without its quotes.
    QTest::newRow("a value compared with a column")
            << u"SELECT Title FROM Cartoon WHERE Directed_by = Bryan"_s
            << u"no such column: Bryan"_s
            << L{u"`Bryan` stands where a value is compared"_s, u"`'Bryan'`"_s} << L{};
    QTest::newRow("a value in the list of an IN")
            << u"SELECT Title FROM Cartoon AS c WHERE c.Written_by IN ('Joseph Kuhr', Kuhr, 3)"_s
            << u"no such column: Kuhr"_s << L{u"`'Kuhr'`"_s} << L{};
    QTest::newRow("the compared side is no value")
            << u"SELECT Title FROM Cartoon WHERE Founded = 1990"_s << u"no such column: Founded"_s
            << L{u"no column of `Cartoon` has a similar name"_s}
            << L{u"id"_s, u"Title"_s, u"Directed_by"_s, u"Written_by"_s};
    QTest::newRow("a value compared with a call")
            << u"SELECT Title FROM Cartoon WHERE LOWER(Title) <> Bryan"_s
            << u"no such column: Bryan"_s << L{u"`'Bryan'`"_s} << L{};
    QTest::newRow("a name after a keyword is no value")
            << u"SELECT Title FROM Cartoon WHERE Title IN (SELECT Founded FROM Cartoon)"_s
            << u"no such column: Founded"_s << L{u"no column of `Cartoon` has a similar name"_s}
            << L{u"id"_s, u"Title"_s, u"Directed_by"_s, u"Written_by"_s};
}

void tst_Advisor::unitsAndStems()
{
    QFETCH(QString, statement);
    QFETCH(QString, message);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, suggestions);
    SchemaNames schema;
    schema.tables = {
            {u"main"_s,
             u"Cartoon"_s,
             {u"id"_s, u"Title"_s, u"Directed_by"_s, u"Written_by"_s},
             false},
            {u"main"_s,
             u"Dogs"_s,
             {u"dog_id"_s, u"date_of_birth"_s, u"date_arrived"_s, u"date_departed"_s, u"age"_s},
             false},
            {u"main"_s, u"cars_data"_s, {u"Id"_s, u"Horsepower"_s}, false},
            {u"main"_s, u"concert"_s, {u"concert_ID"_s, u"Year"_s}, false},
            {u"main"_s, u"country"_s, {u"Code"_s, u"Name"_s}, false},
            {u"main"_s, u"countrylanguage"_s, {u"CountryCode"_s, u"Language"_s}, false},
            {u"main"_s, u"airlines"_s, {u"uid"_s, u"Airline"_s}, false},
    };
    schema.tables[4].primaryKey = {u"Code"_s};
    schema.tables[6].primaryKey = {u"uid"_s};
    const Diagnosis diagnosis = diagnoseStatement(Engine::SQLite, message, statement, &schema);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"column_missing"_s);
    const QString &next = diagnosis.advice.nextStep;
    const QString missed = missedPart(next, mustContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
    QCOMPARE(diagnosis.advice.suggestions, suggestions);
}

// The guard refuses a statement whose parentheses do not pair up before it runs; the advice says
// which parenthesis, instead of "not one SQL statement".
void tst_Advisor::unbalancedParentheses_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("mustNotContain");
    using L = QStringList;
    QTest::newRow("a call left open before its alias")
            << u"SELECT MAX(CAST(share AS REAL) AS max_share, MIN(share) AS min_share FROM t"_s
            << L{u"`MAX(` opens a parenthesis that is never closed"_s, u"`) AS max_share`"_s}
            << L{u"not one SQL statement"_s};
    QTest::newRow("a ) too many at the end")
            << u"SELECT min(c) FROM (SELECT 1 AS c FROM t GROUP BY id) )"_s
            << L{u"closes a parenthesis it never opened, at `GROUP BY id) )`"_s} << L{};
    QTest::newRow("a ) too many in the middle")
            << u"SELECT a FROM t) UNION SELECT b FROM u"_s
            << L{u"never opened, at `SELECT a FROM t)`"_s} << L{};
    QTest::newRow("a subquery left open")
            << u"SELECT a FROM t WHERE b IN (SELECT c FROM u"_s
            << L{u"`IN (` opens a parenthesis that is never"_s} << L{u"before its alias"_s};
    QTest::newRow("cut off mid-clause")
            << u"SELECT avg(x) FROM t WHERE k NOT IN (SELECT k FROM u WHERE language ="_s
            << L{u"stops in the middle, after `=`"_s, u"cut off"_s} << L{u"opens a"_s};
    QTest::newRow("CAST is no call with an alias")
            << u"SELECT CAST(x AS REAL FROM t"_s << L{u"`CAST (` opens"_s}
            << L{u"before its alias"_s};
    QTest::newRow("a run-on with prose, cut off")
            << u"SELECT grade FROM t GROUP BY grade  Write Sql for the following question: Show "
               "me all. Answer : SELECT * FROM t WHERE id IN (select a from b"_s
            << L{u"not one SQL statement"_s} << L{u"parenthesis"_s};
    QTest::newRow("prose stays prose")
            << u"Here is the query you asked for"_s << L{u"not"_s} << L{u"parenthesis"_s};
}

namespace {

// The row's statement, which the guard refuses on engine, diagnosed: a syntax error the model can
// fix, whose advice holds mustContain and none of mustNotContain.
void checkRefusalAdvice(Engine engine)
{
    QFETCH(QString, statement);
    QFETCH(QStringList, mustContain);
    QFETCH(QStringList, mustNotContain);
    const GuardVerdict verdict = StatementGuard::check(statement, engine);
    QVERIFY(!verdict.allowed);
    DiagnoseOptions options;
    options.statement = statement;
    const Diagnosis diagnosis = diagnose(verdict.toEngineError(engine), nullptr, options);
    QCOMPARE(errorClassName(diagnosis.errorClass()), u"syntax"_s);
    QVERIFY(!diagnosis.classification.terminal);
    const QString missed = missedPart(diagnosis.advice.nextStep, mustContain, mustNotContain);
    QVERIFY2(missed.isEmpty(), qPrintable(missed));
}

} // namespace

void tst_Advisor::unbalancedParentheses()
{
    checkRefusalAdvice(Engine::SQLite);
}

// A string or a quoted name the lexer never saw closed, refused by the guard: which one, a reply
// cut off at its quote, or MySQL's \' where a backslash escapes nothing.
void tst_Advisor::unclosedQuotes_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("mustNotContain");
    using L = QStringList;
    for (const Engine engine : {Engine::SQLite, Engine::PostgreSQL}) {
        const QByteArray name = engineName(engine).toUtf8();
        QTest::addRow("backslash/%s", name.constData())
                << engine << u"SELECT id FROM users WHERE name = 'O\\'Brien' AND id > 1"_s
                << L{u"a backslash does not escape a quote"_s, u"`'O\\'Brien'`"_s,
                     u"`'O''Brien'`"_s}
                << L{u"not one SQL statement"_s};
        QTest::addRow("cut off at the quote/%s", name.constData())
                << engine << u"SELECT id FROM users WHERE name = '"_s
                << L{u"after `=`"_s, u"cut off"_s} << L{u"not one SQL statement"_s};
        QTest::addRow("left open/%s", name.constData())
                << engine << u"SELECT id FROM users WHERE name = 'Aberd"_s
                << L{u"A string is never closed"_s, u"`'Aberd`"_s}
                << L{u"not one SQL statement"_s, u"backslash"_s};
        QTest::addRow("a quoted name left open/%s", name.constData())
                << engine << u"SELECT \"id FROM users"_s << L{u"A quoted name is never closed"_s}
                << L{u"not one SQL statement"_s};
        // Another backslash reads differently on MySQL: no rewrite is offered.
        QTest::addRow("a backslash that is not an apostrophe's/%s", name.constData())
                << engine << u"SELECT id FROM users WHERE path = 'C:\\' OR name = 'x"_s
                << L{u"A string is never closed"_s} << L{u"backslash"_s};
    }
    QTest::newRow("an apostrophe in prose after the statement")
            << Engine::SQLite << u"SELECT id FROM users; This query finds each user's id"_s
            << L{u"not one SQL statement"_s} << L{u"never closed"_s};
}

void tst_Advisor::unclosedQuotes()
{
    QFETCH(Engine, engine);
    checkRefusalAdvice(engine);
}

// Two of them leave nothing open: the engine stops at the word after the first one.
void tst_Advisor::backslashQuoteAtAWord()
{
    const QString statement = u"SELECT id FROM users WHERE name = 'O\\'Brien' OR name = 'it\\'s'"_s;
    const Diagnosis sqlite =
            diagnoseStatement(Engine::SQLite, u"near \"Brien\": syntax error"_s, statement);
    QVERIFY2(sqlite.advice.nextStep.contains(u"In SQLite a backslash does not escape a quote"),
             qPrintable(sqlite.advice.nextStep));
    QVERIFY2(sqlite.advice.nextStep.contains(u"`'O''Brien'`"), qPrintable(sqlite.advice.nextStep));
    // MariaDB reads the backslash: its error is about something else.
    const Diagnosis mariadb =
            diagnoseStatement(Engine::MariaDB, u"Unknown column 'nme' in 'where clause'"_s,
                              u"SELECT id FROM users WHERE nme = 'O\\'Brien'"_s);
    QVERIFY2(!mariadb.advice.nextStep.contains(u"backslash"), qPrintable(mariadb.advice.nextStep));
}

// FROM players JOIN players: the qualifier itself is ambiguous. The advice says so instead of
// asking for an alias the statement does not have.
void tst_Advisor::tableReadTwiceUnderOneName()
{
    const QString statement = u"SELECT players.first_name, players.birth_date FROM players INNER "
                              "JOIN players ON players.country_code = 'USA'"_s;
    const Diagnosis twice = diagnoseStatement(
            Engine::SQLite, u"ambiguous column name: players.first_name"_s, statement);
    QCOMPARE(twice.errorClass(), ErrorClass::AmbiguousColumn);
    const QString &next = twice.advice.nextStep;
    QVERIFY2(next.contains(u"The query reads `players` 2 times under that one name"),
             qPrintable(next));
    QVERIFY2(next.contains(u"`players AS a JOIN players AS b`"), qPrintable(next));
    QVERIFY2(!next.contains(u"o.first_name"), qPrintable(next));
    // Read twice under two aliases: the usual advice.
    const Diagnosis aliased = diagnoseStatement(
            Engine::SQLite, u"ambiguous column name: first_name"_s,
            u"SELECT first_name FROM players AS a JOIN players AS b ON a.id = b.id"_s);
    QVERIFY2(!aliased.advice.nextStep.contains(u"under that one name"),
             qPrintable(aliased.advice.nextStep));
}

// On PostgreSQL the guard reads every query with the server's own grammar first: a query it cannot
// read gets the advice the server's syntax error would get, not "not one SQL statement".
void tst_Advisor::postgresGrammarErrors_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("mustContain");
    QTest::addColumn<QStringList>("mustNotContain");
    using L = QStringList;
    QTest::newRow("a WHERE after GROUP BY")
            << u"SELECT PetType FROM Pets GROUP BY PetType WHERE weight > 10"_s
            << L{u"`WHERE` stands after `GROUP BY`"_s} << L{u"not one SQL statement"_s};
    QTest::newRow("MIN where the direction stands")
            << u"SELECT PetType FROM Pets GROUP BY PetType ORDER BY COUNT(*) MIN LIMIT 1"_s
            << L{u"ORDER BY takes ASC or DESC after a term, not `MIN`"_s, u"write `ASC`"_s}
            << L{u"not one SQL statement"_s};
    QTest::newRow("Oracle's MINUS") << u"SELECT PetID FROM Pets MINUS SELECT PetID FROM Has_Pet"_s
                                    << L{u"EXCEPT"_s} << L{u"not one SQL statement"_s};
    QTest::newRow("prose after the statement")
            << u"SELECT PetType FROM Pets Write Sql for the following question: how many"_s
            << L{u"text that is not SQL"_s} << L{u"not one SQL statement"_s};
    QTest::newRow("prose stays prose")
            << u"Here is the query you asked for"_s << L{u"not one SQL statement"_s} << L{};
}

void tst_Advisor::postgresGrammarErrors()
{
    checkRefusalAdvice(Engine::PostgreSQL);
}

QTEST_GUILESS_MAIN(tst_Advisor)
#include "tst_advisor.moc"
