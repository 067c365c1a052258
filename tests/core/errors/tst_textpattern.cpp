#include "core/errors/textpattern.h"

#include <QRegularExpression>
#include <QTest>
#include <QThread>

#include <atomic>
#include <vector>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

// TextPattern matches through PCRE2 directly: it must find what QRegularExpression (the same
// library behind Qt's API) finds, groups and offsets included.
class tst_TextPattern : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameAsQRegularExpression_data();
    void sameAsQRegularExpression();
    void offsets();
    void namedGroupsAndCounts();
    void manyGroups();
    void invalidPatternAndSubject();
    void matchKeepsItsOffsets();
    void threadsShareOnePattern();
};

void tst_TextPattern::sameAsQRegularExpression_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("caseless");
    QTest::addColumn<bool>("multiline");
    QTest::addColumn<QString>("subject");
    const auto row = [](const char *name, const QString &pattern, bool caseless, bool multiline,
                        const QString &subject) {
        QTest::newRow(name) << pattern << caseless << multiline << subject;
    };
    row("plain", uR"re(column "(?<name>[^"]+)" does not exist)re"_s, false, false,
        u"ERROR:  column \"user_name\" does not exist"_s);
    row("caseless", uR"(\bno such table: (\w+))"_s, true, false, u"NO SUCH TABLE: Orders"_s);
    row("caseless non-ASCII", uR"(\bärger\b)"_s, true, false, u"großer ÄRGER hier"_s);
    row("anchored fails", uR"(\A(?:ERROR:\s+))"_s, false, false, u"  ERROR: x"_s);
    row("multiline caret", uR"(^HINT:\s*(.*)$)"_s, false, true, u"ERROR: x\nHINT: use y\n"_s);
    row("no multiline caret", uR"(^HINT:)"_s, false, false, u"ERROR: x\nHINT: use y"_s);
    row("unset group", uR"((a)|(b))"_s, false, false, u"xxb"_s);
    row("empty subject", uR"(^$)"_s, false, false, QString());
    row("unicode property", uR"([^\s\p{Ll}]\w+)"_s, false, false, u"QMYSQL: 无法连接"_s);
    row("CJK", uR"(表 (\S+) 不存在)"_s, false, false, u"错误: 表 订单 不存在"_s);
    row("no match", uR"(division by zero)"_s, true, false, u"relation does not exist"_s);
}

void tst_TextPattern::sameAsQRegularExpression()
{
    QFETCH(QString, pattern);
    QFETCH(bool, caseless);
    QFETCH(bool, multiline);
    QFETCH(QString, subject);
    QRegularExpression::PatternOptions qtOptions;
    int options = TextPattern::NoOption;
    if (caseless) {
        qtOptions |= QRegularExpression::CaseInsensitiveOption;
        options |= TextPattern::CaseInsensitive;
    }
    if (multiline) {
        qtOptions |= QRegularExpression::MultilineOption;
        options |= TextPattern::Multiline;
    }
    const QRegularExpression reference(pattern, qtOptions);
    const TextPattern ours(pattern, options);
    QVERIFY2(ours.isValid(), qPrintable(ours.errorString()));
    QCOMPARE(ours.captureCount(), reference.captureCount());
    const QRegularExpressionMatch expected = reference.match(subject);
    const TextMatch got = ours.match(subject);
    QCOMPARE(got.hasMatch(), expected.hasMatch());
    for (int group = 0; group <= reference.captureCount(); ++group) {
        QCOMPARE(got.hasCaptured(group), expected.hasCaptured(group));
        QCOMPARE(got.capturedStart(group), expected.capturedStart(group));
        QCOMPARE(got.capturedEnd(group), expected.capturedEnd(group));
        QCOMPARE(got.captured(group), expected.captured(group));
    }
}

void tst_TextPattern::offsets()
{
    const TextPattern word(uR"(\b[A-Z]{2,}_[A-Z]+\b)"_s);
    const QString text = u"(UNKNOWN_TABLE) and (NO_SUCH) end"_s;
    QStringList found;
    for (TextMatch m = word.match(text); m.hasMatch(); m = word.match(text, m.capturedEnd(0)))
        found.append(m.captured());
    QCOMPARE(found, (QStringList{u"UNKNOWN_TABLE"_s, u"NO_SUCH"_s}));
    // Look-behind sees what comes before the offset; ^ is the subject's start only.
    QVERIFY(TextPattern(uR"((?<=a)b)"_s).match(u"ab"_s, 1).hasMatch());
    QVERIFY(!TextPattern(uR"(^b)"_s).match(u"ab"_s, 1).hasMatch());
    QVERIFY(!word.match(text, text.size() + 1).hasMatch());
    QVERIFY(!word.match(text, -1).hasMatch());
}

void tst_TextPattern::namedGroupsAndCounts()
{
    const TextPattern pattern(uR"((?<table>\w+)\.(?<name>\w+))"_s);
    QCOMPARE(pattern.groupNumber(u"table"), 1);
    QCOMPARE(pattern.groupNumber(u"name"), 2);
    QCOMPARE(pattern.groupNumber(u"value"), -1);
    QCOMPARE(pattern.groupNumber(QStringView()), -1);
    QCOMPARE(pattern.captureCount(), 2);
    const TextMatch m = pattern.match(u"column u.nme"_s);
    QCOMPARE(m.capturedView(pattern.groupNumber(u"name")), u"nme");
}

void tst_TextPattern::manyGroups()
{
    // More groups than a match keeps: the first MaxGroups are there, the rest read as unset.
    QString source;
    for (int i = 0; i < TextMatch::MaxGroups + 10; ++i)
        source += u"(x)"_s;
    const TextPattern pattern(source);
    QVERIFY(pattern.isValid());
    const TextMatch m = pattern.match(QString(TextMatch::MaxGroups + 10, u'x'));
    QVERIFY(m.hasMatch());
    QCOMPARE(m.capturedStart(TextMatch::MaxGroups - 1), TextMatch::MaxGroups - 2);
    QVERIFY(!m.hasCaptured(TextMatch::MaxGroups + 5));
}

void tst_TextPattern::invalidPatternAndSubject()
{
    const TextPattern broken(u"(unclosed"_s);
    QVERIFY(!broken.isValid());
    QVERIFY(broken.errorString().contains(u"offset"_s));
    QVERIFY(!broken.match(u"unclosed"_s).hasMatch());
    // A lone surrogate is invalid UTF-16: no match, no crash.
    QString subject = u"no such table: x"_s;
    subject.insert(3, QChar(0xD800));
    QVERIFY(!TextPattern(u"table"_s).match(subject).hasMatch());
}

void tst_TextPattern::matchKeepsItsOffsets()
{
    // A match is self-contained: later matches on the same thread do not change it.
    const TextPattern first(uR"(LINE (\d+))"_s);
    const TextPattern second(uR"((\w+) does)"_s);
    const QString text = u"LINE 12: x does"_s;
    const TextMatch a = first.match(text);
    const TextMatch b = second.match(text);
    const TextMatch copy = a;
    QCOMPARE(a.captured(1), u"12"_s);
    QCOMPARE(copy.captured(1), u"12"_s);
    QCOMPARE(b.captured(1), u"x"_s);
}

void tst_TextPattern::threadsShareOnePattern()
{
    // The JIT code is made on first use by whichever thread comes first.
    const TextPattern pattern(uR"re(relation "(?<name>[^"]+)" does not exist)re"_s,
                              TextPattern::CaseInsensitive);
    std::atomic<int> wrong{0};
    std::vector<QThread *> threads;
    for (int t = 0; t < 4; ++t) {
        threads.push_back(QThread::create([&pattern, &wrong, t] {
            const QString text = u"ERROR: RELATION \"t%1\" DOES NOT EXIST"_s.arg(t);
            for (int i = 0; i < 2000; ++i) {
                const TextMatch m = pattern.match(text);
                if (!m.hasMatch() || m.captured(1) != u"t%1"_s.arg(t))
                    ++wrong;
            }
        }));
    }
    for (QThread *thread : threads)
        thread->start();
    for (QThread *thread : threads) {
        thread->wait();
        delete thread;
    }
    QCOMPARE(wrong.load(), 0);
}

QTEST_GUILESS_MAIN(tst_TextPattern)
#include "tst_textpattern.moc"
