#include "core/sql/sqltokenizer.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

QString kindName(SqlTokenKind kind)
{
    switch (kind) {
    case SqlTokenKind::Word:
        return u"Word"_s;
    case SqlTokenKind::QuotedIdentifier:
        return u"Quoted"_s;
    case SqlTokenKind::String:
        return u"String"_s;
    case SqlTokenKind::Number:
        return u"Number"_s;
    case SqlTokenKind::Parameter:
        return u"Param"_s;
    case SqlTokenKind::Operator:
        return u"Op"_s;
    case SqlTokenKind::OpenParen:
        return u"Open"_s;
    case SqlTokenKind::CloseParen:
        return u"Close"_s;
    case SqlTokenKind::Comma:
        return u"Comma"_s;
    case SqlTokenKind::Dot:
        return u"Dot"_s;
    case SqlTokenKind::Semicolon:
        return u"Semi"_s;
    case SqlTokenKind::LineComment:
        return u"Line"_s;
    case SqlTokenKind::BlockComment:
        return u"Block"_s;
    case SqlTokenKind::ExecutableComment:
        return u"Exec"_s;
    case SqlTokenKind::Error:
        return u"Error"_s;
    }
    return {};
}

// Kind[text] per token, Quoted[text=name] for quoted identifiers, joined by spaces.
QString describe(QStringView sql, const QList<SqlToken> &tokens)
{
    QStringList parts;
    for (const SqlToken &token : tokens) {
        QString part = kindName(token.kind) + u'[' + token.text(sql).toString();
        if (token.kind == SqlTokenKind::QuotedIdentifier)
            part += u'=' + token.name;
        parts.append(part + u']');
    }
    return parts.join(u' ');
}

} // namespace

class tst_SqlTokenizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tokens_data();
    void tokens();
    void errors_data();
    void errors();
    void statements_data();
    void statements();
    void replacesOneIdentifier();
    void setOperators_data();
    void setOperators();
    void closingParen_data();
    void closingParen();
    void openingParen_data();
    void openingParen();
    void coversTheSourceWithoutOverlap_data();
    void coversTheSourceWithoutOverlap();
};

void tst_SqlTokenizer::tokens_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("expected");

    QTest::newRow("select") << u"sqlite"_s << u"SELECT a, b.c FROM t;"_s
                            << u"Word[SELECT] Word[a] Comma[,] Word[b] Dot[.] Word[c] Word[FROM] "
                               "Word[t] Semi[;]"_s;
    QTest::newRow("string with doubled quote")
            << u"postgresql"_s << u"'it''s'"_s << u"String['it''s']"_s;
    QTest::newRow("semicolon in string")
            << u"sqlite"_s << u"'a;b';"_s << u"String['a;b'] Semi[;]"_s;
    QTest::newRow("backslash is plain in pg")
            << u"postgresql"_s << u"'a\\' x"_s << u"String['a\\'] Word[x]"_s;
    QTest::newRow("backslash escapes in mysql")
            << u"mysql"_s << u"'a\\'b' x"_s << u"String['a\\'b'] Word[x]"_s;
    QTest::newRow("escaped backslash in mysql")
            << u"mysql"_s << u"'a\\\\' x"_s << u"String['a\\\\'] Word[x]"_s;
    QTest::newRow("E string") << u"postgresql"_s << u"E'\\'' x"_s << u"String[E'\\''] Word[x]"_s;
    QTest::newRow("e string lower case")
            << u"postgresql"_s << u"e'a\\'b'"_s << u"String[e'a\\'b']"_s;
    QTest::newRow("E is a word in sqlite") << u"sqlite"_s << u"E'a'"_s << u"Word[E] String['a']"_s;
    QTest::newRow("N X B strings") << u"sqlserver"_s << u"N'a' X'0F' B'01'"_s
                                   << u"String[N'a'] String[X'0F'] String[B'01']"_s;
    QTest::newRow("unicode string")
            << u"postgresql"_s << u"U&'d\\0061t'"_s << u"String[U&'d\\0061t']"_s;
    QTest::newRow("double-quoted identifier") << u"postgresql"_s << u"\"My \"\"Table\"\"\""_s
                                              << u"Quoted[\"My \"\"Table\"\"\"=My \"Table\"]"_s;
    QTest::newRow("semicolon in identifier")
            << u"sqlite"_s << u"\"a;b\""_s << u"Quoted[\"a;b\"=a;b]"_s;
    QTest::newRow("double-quoted string in mysql")
            << u"mysql"_s << u"\"a\\\"b\""_s << u"String[\"a\\\"b\"]"_s;
    QTest::newRow("backtick") << u"mysql"_s << u"`we``ird`.`x`"_s
                              << u"Quoted[`we``ird`=we`ird] Dot[.] Quoted[`x`=x]"_s;
    QTest::newRow("backtick is an operator in pg")
            << u"postgresql"_s << u"`x`"_s << u"Op[`] Word[x] Op[`]"_s;
    QTest::newRow("brackets in sqlite")
            << u"sqlite"_s << u"[order details]"_s << u"Quoted[[order details]=order details]"_s;
    QTest::newRow("brackets in sql server")
            << u"sqlserver"_s << u"[a]]b]"_s << u"Quoted[[a]]b]=a]b]"_s;
    QTest::newRow("brackets are operators in pg")
            << u"postgresql"_s << u"a[1]"_s << u"Word[a] Op[[] Number[1] Op[]]"_s;
    QTest::newRow("unicode quoted identifier")
            << u"postgresql"_s << u"U&\"d\\0061t\""_s << u"Quoted[U&\"d\\0061t\"=d\\0061t]"_s;
    QTest::newRow("line comment") << u"postgresql"_s << u"1 -- c ; d\n2"_s
                                  << u"Number[1] Line[-- c ; d] Number[2]"_s;
    QTest::newRow("line comment at end") << u"sqlite"_s << u"1 --"_s << u"Number[1] Line[--]"_s;
    QTest::newRow("dash without space in mysql")
            << u"mysql"_s << u"1--1"_s << u"Number[1] Op[-] Op[-] Number[1]"_s;
    QTest::newRow("dash with space in mysql")
            << u"mysql"_s << u"1-- 1"_s << u"Number[1] Line[-- 1]"_s;
    QTest::newRow("dash with tab in mysql")
            << u"mysql"_s << u"1--\t1"_s << u"Number[1] Line[--\t1]"_s;
    QTest::newRow("hash comment in mysql")
            << u"mysql"_s << u"1 # c\n2"_s << u"Number[1] Line[# c] Number[2]"_s;
    QTest::newRow("hash is an operator in pg")
            << u"postgresql"_s << u"1 # 2"_s << u"Number[1] Op[#] Number[2]"_s;
    QTest::newRow("block comment")
            << u"sqlite"_s << u"a/* ; */b"_s << u"Word[a] Block[/* ; */] Word[b]"_s;
    QTest::newRow("nested comment in pg")
            << u"postgresql"_s << u"/* a /* b */ c */ x"_s << u"Block[/* a /* b */ c */] Word[x]"_s;
    QTest::newRow("comments do not nest in mysql")
            << u"mysql"_s << u"/* a /* b */ c"_s << u"Block[/* a /* b */] Word[c]"_s;
    QTest::newRow("executable comment")
            << u"mysql"_s << u"/*!50000 DROP */ x"_s << u"Exec[/*!50000 DROP */] Word[x]"_s;
    QTest::newRow("mariadb executable comment")
            << u"mariadb"_s << u"/*M!100000 x */"_s << u"Exec[/*M!100000 x */]"_s;
    QTest::newRow("optimizer hint is a comment")
            << u"mysql"_s << u"/*+ BKA(t) */"_s << u"Block[/*+ BKA(t) */]"_s;
    QTest::newRow("executable comment is plain in sqlite")
            << u"sqlite"_s << u"/*! x */"_s << u"Block[/*! x */]"_s;
    QTest::newRow("dollar quote") << u"postgresql"_s << u"$$a;'b$$ x"_s
                                  << u"String[$$a;'b$$] Word[x]"_s;
    QTest::newRow("tagged dollar quote")
            << u"postgresql"_s << u"$fn$ $$ ; $fn$;"_s << u"String[$fn$ $$ ; $fn$] Semi[;]"_s;
    QTest::newRow("dollar in identifier") << u"postgresql"_s << u"a$$b"_s << u"Word[a$$b]"_s;
    QTest::newRow("dollar parameter")
            << u"postgresql"_s << u"$1 + $12"_s << u"Param[$1] Op[+] Param[$12]"_s;
    QTest::newRow("sqlite parameters") << u"sqlite"_s << u"? ?2 :name @v $x"_s
                                       << u"Param[?] Param[?2] Param[:name] Param[@v] Param[$x]"_s;
    QTest::newRow("mysql variables")
            << u"mysql"_s << u"@a := @@global.x"_s << u"Param[@a] Op[:=] Param[@@global.x]"_s;
    QTest::newRow("pg cast and jsonb operators")
            << u"postgresql"_s << u"a::int ? 'k' ->> 'x'"_s
            << u"Word[a] Op[::] Word[int] Op[?] String['k'] Op[->>] String['x']"_s;
    QTest::newRow("numbers") << u"sqlite"_s << u"1 2.5 .5 1e10 3E-2 0x1F"_s
                             << u"Number[1] Number[2.5] Number[.5] Number[1e10] Number[3E-2] "
                                "Number[0x1F]"_s;
    QTest::newRow("operators") << u"sqlite"_s << u"a<=b<>c||d!=e"_s
                               << u"Word[a] Op[<=] Word[b] Op[<>] Word[c] Op[||] Word[d] Op[!=] "
                                  "Word[e]"_s;
    QTest::newRow("operator before comment")
            << u"postgresql"_s << u"1 *-- c\n2"_s << u"Number[1] Op[*] Line[-- c] Number[2]"_s;
    QTest::newRow("non-ascii identifier") << u"postgresql"_s << u"SELECT größe FROM 表"_s
                                          << u"Word[SELECT] Word[größe] Word[FROM] Word[表]"_s;
    QTest::newRow("crlf") << u"sqlite"_s << u"a -- c\r\nb"_s << u"Word[a] Line[-- c] Word[b]"_s;
}

void tst_SqlTokenizer::tokens()
{
    QFETCH(QString, engine);
    QFETCH(QString, sql);
    QFETCH(QString, expected);
    const QList<SqlToken> tokens = SqlTokenizer(engineFromName(engine)).tokenize(sql);
    QCOMPARE(describe(sql, tokens), expected);
}

void tst_SqlTokenizer::errors_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("error");
    QTest::addColumn<qsizetype>("offset");

    QTest::newRow("string") << u"sqlite"_s << u"SELECT 'abc"_s
                            << int(SqlTokenError::UnterminatedString) << qsizetype(7);
    QTest::newRow("string ending in backslash")
            << u"mysql"_s << u"SELECT 'abc\\'"_s << int(SqlTokenError::UnterminatedString)
            << qsizetype(7);
    QTest::newRow("identifier") << u"postgresql"_s << u"SELECT \"abc"_s
                                << int(SqlTokenError::UnterminatedIdentifier) << qsizetype(7);
    QTest::newRow("backtick") << u"mysql"_s << u"x `abc"_s
                              << int(SqlTokenError::UnterminatedIdentifier) << qsizetype(2);
    QTest::newRow("bracket") << u"sqlite"_s << u"[abc"_s
                             << int(SqlTokenError::UnterminatedIdentifier) << qsizetype(0);
    QTest::newRow("comment") << u"sqlite"_s << u"1 /* abc"_s
                             << int(SqlTokenError::UnterminatedComment) << qsizetype(2);
    QTest::newRow("nested comment") << u"postgresql"_s << u"/* /* */"_s
                                    << int(SqlTokenError::UnterminatedComment) << qsizetype(0);
    QTest::newRow("dollar quote") << u"postgresql"_s << u"SELECT $x$ abc $y$"_s
                                  << int(SqlTokenError::UnterminatedDollarQuote) << qsizetype(7);
    QTest::newRow("E string") << u"postgresql"_s << u"E'\\'"_s
                              << int(SqlTokenError::UnterminatedString) << qsizetype(0);
    QTest::newRow("nul") << u"sqlite"_s << u"a\0b"_s << int(SqlTokenError::NulCharacter)
                         << qsizetype(1);
}

void tst_SqlTokenizer::errors()
{
    QFETCH(QString, engine);
    QFETCH(QString, sql);
    QFETCH(int, error);
    QFETCH(qsizetype, offset);
    const QList<SqlToken> tokens = SqlTokenizer(engineFromName(engine)).tokenize(sql);
    const auto found = std::find_if(tokens.cbegin(), tokens.cend(), [](const SqlToken &token) {
        return token.kind == SqlTokenKind::Error;
    });
    QVERIFY(found != tokens.cend());
    QCOMPARE(int(found->error), error);
    QCOMPARE(found->offset, offset);
    if (found->error != SqlTokenError::NulCharacter)
        QCOMPARE(found->end(), sql.size());
}

void tst_SqlTokenizer::statements_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("one") << u"sqlite"_s << u"SELECT 1"_s << QStringList{u"SELECT 1"_s};
    QTest::newRow("trailing semicolon and comment")
            << u"sqlite"_s << u"SELECT 1; -- done"_s << QStringList{u"SELECT 1"_s};
    QTest::newRow("two") << u"mysql"_s << u"SELECT 1; DELETE FROM t;"_s
                         << QStringList{u"SELECT 1"_s, u"DELETE FROM t"_s};
    QTest::newRow("comment hides nothing")
            << u"postgresql"_s << u"/* a */ SELECT 1 /* ; */ ; -- x\nDROP TABLE t"_s
            << QStringList{u"SELECT 1"_s, u"DROP TABLE t"_s};
    QTest::newRow("strings hide semicolons") << u"postgresql"_s << u"SELECT ';', $$;$$, \";\""_s
                                             << QStringList{u"SELECT ';', $$;$$, \";\""_s};
    QTest::newRow("empty statements") << u"sqlite"_s << u";; ;"_s << QStringList{};
    QTest::newRow("only comments") << u"sqlite"_s << u"-- a\n/* b */"_s << QStringList{};
}

void tst_SqlTokenizer::statements()
{
    QFETCH(QString, engine);
    QFETCH(QString, sql);
    QFETCH(QStringList, expected);
    const QList<SqlToken> tokens = SqlTokenizer(engineFromName(engine)).tokenize(sql);
    QStringList found;
    for (const SqlStatementRange &range : SqlTokenizer::statements(tokens)) {
        const qsizetype begin = tokens.at(range.first).offset;
        found.append(sql.mid(begin, tokens.at(range.last - 1).end() - begin));
    }
    QCOMPARE(found, expected);
}

void tst_SqlTokenizer::replacesOneIdentifier()
{
    // The autofix use: swap one identifier by offset, leaving strings and comments alone.
    const QString sql = u"SELECT usr_name FROM users WHERE note = 'usr_name' -- usr_name"_s;
    const QList<SqlToken> tokens = SqlTokenizer(Engine::PostgreSQL).tokenize(sql);
    const auto target = std::find_if(tokens.cbegin(), tokens.cend(), [](const SqlToken &token) {
        return token.kind == SqlTokenKind::Word && token.name == u"usr_name";
    });
    QVERIFY(target != tokens.cend());
    QString fixed = sql;
    fixed.replace(target->offset, target->length, u"username"_s);
    QCOMPARE(fixed, u"SELECT username FROM users WHERE note = 'usr_name' -- usr_name"_s);
    QCOMPARE(std::count_if(tokens.cbegin(), tokens.cend(),
                           [](const SqlToken &token) { return token.name == u"usr_name"; }),
             1);
}

void tst_SqlTokenizer::setOperators_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QStringList>("operators"); // the words isSetOperatorAt finds, in order
    QTest::newRow("UNION, INTERSECT, EXCEPT")
            << u"SELECT a FROM t union all SELECT a FROM u INTERSECT SELECT a FROM v EXCEPT "
               "(SELECT a FROM w)"_s
            << QStringList{u"union"_s, u"INTERSECT"_s, u"EXCEPT"_s};
    QTest::newRow("MINUS before a query")
            << u"SELECT a FROM t MINUS SELECT a FROM u minus (SELECT a FROM v) MINUS ALL SELECT "
               "a FROM w"_s
            << QStringList{u"MINUS"_s, u"minus"_s, u"MINUS"_s};
    QTest::newRow("MINUS, a comment, a query")
            << u"SELECT a FROM t MINUS /* rows of t alone */ SELECT a FROM u"_s
            << QStringList{u"MINUS"_s};
    // MINUS is no reserved word: SQLite, PostgreSQL and MariaDB take it for a name.
    QTest::newRow("MINUS as a table's alias")
            << u"SELECT minus.a FROM t minus WHERE minus.a > 1"_s << QStringList();
    QTest::newRow("MINUS as a column") << u"SELECT minus FROM t ORDER BY minus"_s << QStringList();
    QTest::newRow("MINUS at the end") << u"SELECT a FROM t minus"_s << QStringList();
    QTest::newRow("EXCEPT as a word in a string")
            << u"SELECT 'a EXCEPT b' FROM t"_s << QStringList();
}

void tst_SqlTokenizer::setOperators()
{
    QFETCH(QString, sql);
    QFETCH(QStringList, operators);
    const QList<SqlToken> tokens = SqlTokenizer(Engine::SQLite).tokenize(sql);
    QStringList found;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (isSetOperatorAt(tokens, i))
            found.append(tokens.at(i).text(sql).toString());
    }
    QCOMPARE(found, operators);
    QVERIFY(!isSetOperatorAt(tokens, -1));
    QVERIFY(!isSetOperatorAt(tokens, tokens.size()));
}

void tst_SqlTokenizer::closingParen_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("open");     // the token index of the '('
    QTest::addColumn<int>("end");      // how far to look, -1 for the end
    QTest::addColumn<int>("expected"); // the token index of the ')', or -1
    // Tokens: COUNT ( DISTINCT ( a ) ) + ( 1 )
    const QString sql = u"COUNT(DISTINCT (a)) + (1)"_s;
    QTest::newRow("the outer pair") << sql << 1 << -1 << 6;
    QTest::newRow("the inner pair") << sql << 3 << -1 << 5;
    QTest::newRow("the last pair") << sql << 8 << -1 << 10;
    QTest::newRow("cut short by end") << sql << 1 << 6 << -1;
    QTest::newRow("end past the tokens") << sql << 8 << 100 << 10;
    QTest::newRow("never closed") << u"IN (1, (2)"_s << 1 << -1 << -1;
    QTest::newRow("a parenthesis inside a string is none") << u"('(' )"_s << 0 << -1 << 2;
    QTest::newRow("open out of range") << sql << 99 << -1 << -1;
    QTest::newRow("open before the first token") << sql << -1 << -1 << -1;
}

void tst_SqlTokenizer::closingParen()
{
    QFETCH(QString, sql);
    QFETCH(int, open);
    QFETCH(int, end);
    QFETCH(int, expected);
    const QList<SqlToken> tokens = SqlTokenizer(Engine::SQLite).tokenize(sql);
    QCOMPARE(sqlmend::core::closingParen(tokens, open, end), qsizetype(expected));
}

void tst_SqlTokenizer::openingParen_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("at");       // the token index of the token inside
    QTest::addColumn<int>("begin");    // how far back to look
    QTest::addColumn<int>("expected"); // the token index of the '(', or -1
    // Tokens: SUM ( ( SELECT 1 ) + x ) , y
    const QString sql = u"SUM((SELECT 1) + x), y"_s;
    QTest::newRow("past a closed pair") << sql << 7 << 0 << 1;
    QTest::newRow("the inner pair") << sql << 4 << 0 << 2;
    QTest::newRow("the pair's own '(' is inside the one around it") << sql << 2 << 0 << 1;
    QTest::newRow("outside every pair") << sql << 10 << 0 << -1;
    QTest::newRow("cut short by begin") << sql << 7 << 2 << -1;
    QTest::newRow("a parenthesis inside a string is none") << u"f('(' , x)"_s << 4 << 0 << 1;
    QTest::newRow("past the tokens") << sql << 99 << 0 << -1;
    QTest::newRow("the first token") << sql << 0 << 0 << -1;
}

void tst_SqlTokenizer::openingParen()
{
    QFETCH(QString, sql);
    QFETCH(int, at);
    QFETCH(int, begin);
    QFETCH(int, expected);
    const QList<SqlToken> tokens = SqlTokenizer(Engine::SQLite).tokenize(sql);
    QCOMPARE(sqlmend::core::openingParen(tokens, at, begin), qsizetype(expected));
}

void tst_SqlTokenizer::coversTheSourceWithoutOverlap_data()
{
    QTest::addColumn<QString>("sql");
    QTest::newRow("mixed") << u"SELECT \"a\"\"b\", 'c''d', $t$x$t$ /* /* */ */ -- e\n;`f`[g]#h"_s;
    QTest::newRow("junk") << u"\u00ff\u20ac\\{}~^%&|!@?:$0$"_s;
    QTest::newRow("unterminated everywhere") << u"'\"`[/*$a$"_s;
}

void tst_SqlTokenizer::coversTheSourceWithoutOverlap()
{
    QFETCH(QString, sql);
    for (Engine engine : {Engine::PostgreSQL, Engine::MySQL, Engine::SQLite, Engine::SqlServer,
                          Engine::ClickHouse, Engine::Snowflake, Engine::Unknown}) {
        const QList<SqlToken> tokens = SqlTokenizer(engine).tokenize(sql);
        qsizetype previousEnd = 0;
        for (const SqlToken &token : tokens) {
            QVERIFY(token.length > 0);
            QCOMPARE_GE(token.offset, previousEnd);
            QCOMPARE_LE(token.end(), sql.size());
            // Only white space lies between tokens.
            QVERIFY(sql.mid(previousEnd, token.offset - previousEnd).trimmed().isEmpty());
            previousEnd = token.end();
        }
        QVERIFY(sql.mid(previousEnd).trimmed().isEmpty());
    }
}

QTEST_GUILESS_MAIN(tst_SqlTokenizer)
#include "tst_sqltokenizer.moc"
