#include "core/loop/promptbuilder.h"

#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

QString builtIn(const QString &name)
{
    QFile file(u":/sqlmend/prompts/"_s + name + u".md"_s);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

// Every {{placeholder}} of a template, with how often it occurs.
QMap<QString, int> placeholders(const QString &text)
{
    static const QRegularExpression pattern(u"\\{\\{([a-z_]+)\\}\\}"_s);
    QMap<QString, int> found;
    auto it = pattern.globalMatch(text);
    while (it.hasNext())
        ++found[it.next().captured(1)];
    return found;
}

bool hasHan(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    }
    return false;
}

LoopAttempt failedAttempt()
{
    LoopAttempt attempt;
    attempt.sql = u"SELECT nme FROM singer"_s;
    attempt.outcome = AttemptOutcome::Error;
    Diagnosis diagnosis;
    diagnosis.classification.errorClass = ErrorClass::ColumnMissing;
    diagnosis.error.rootCause = u"no such column: nme"_s;
    attempt.diagnosis = diagnosis;
    attempt.advice = u"Use name."_s;
    return attempt;
}

} // namespace

// The built-in translated prompt templates: the same placeholders as the English ones, and
// PromptBuilder picks them from the resources when asked for the language.
class tst_PromptTemplates : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void samePlaceholders_data();
    void samePlaceholders();
    void buildsInTheLanguage_data();
    void buildsInTheLanguage();
};

void tst_PromptTemplates::samePlaceholders_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("language");
    for (const QString &name : {u"system"_s, u"question"_s, u"examples"_s, u"samples"_s,
                                u"correction"_s, u"attempt"_s, u"conversation"_s, u"turn"_s})
        QTest::newRow(qPrintable(name + u"_zh_CN"_s)) << name << u"zh_CN"_s;
}

void tst_PromptTemplates::samePlaceholders()
{
    QFETCH(QString, name);
    QFETCH(QString, language);
    const QString english = builtIn(name);
    const QString translated = builtIn(name + u'_' + language);
    QVERIFY2(!english.isEmpty(), qPrintable(name));
    QVERIFY2(!translated.isEmpty(), qPrintable(name + u'_' + language));
    QCOMPARE(placeholders(translated), placeholders(english));
    QVERIFY(hasHan(translated));
    QCOMPARE(PromptBuilder(language).templateText(name), translated);
    QCOMPARE(PromptBuilder().templateText(name), english);
}

void tst_PromptTemplates::buildsInTheLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("chinese");
    QTest::addColumn<QString>("attemptLabel");
    QTest::newRow("english") << QString() << false << u"Attempt 1 (llm)"_s;
    QTest::newRow("zh_CN") << u"zh_CN"_s << true << u"第 1 次尝试（llm）"_s;
}

void tst_PromptTemplates::buildsInTheLanguage()
{
    QFETCH(QString, language);
    QFETCH(bool, chinese);
    QFETCH(QString, attemptLabel);
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"How many singers are there?"_s;
    input.schemaText = u"singer(singer_id INTEGER PK, name TEXT)"_s;
    input.examples = {{u"How many concerts?"_s, u"SELECT count(*) FROM concert"_s}};
    input.history = {failedAttempt()};
    input.triedSql = {u"SELECT nme FROM singer"_s};
    const ChatRequest request = PromptBuilder(language).build(input);
    QCOMPARE(request.messages.size(), 2);
    const QString system = request.messages.at(0).content;
    const QString user = request.messages.at(1).content;
    QCOMPARE(hasHan(system), chinese);
    QCOMPARE(hasHan(user), chinese);
    QVERIFY(system.contains(u"SQLite"_s));
    QVERIFY2(user.contains(attemptLabel), qPrintable(user));
    // The values are the same in every language; no placeholder is left behind.
    QVERIFY(user.contains(u"singer(singer_id INTEGER PK, name TEXT)"_s));
    QVERIFY(user.contains(u"SELECT count(*) FROM concert"_s));
    QVERIFY(user.contains(u"no such column: nme"_s));
    QVERIFY(user.contains(u"column_missing"_s));
    QVERIFY(user.contains(u"How many singers are there?"_s));
    QVERIFY2(!user.contains(u"{{"_s), qPrintable(user));
    QVERIFY(!system.contains(u"{{"_s));
}

QTEST_GUILESS_MAIN(tst_PromptTemplates)
#include "tst_prompttemplates.moc"
