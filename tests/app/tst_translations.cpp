#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

// The Simplified Chinese catalog must be complete: every source string translated, none
// unfinished or empty, and every %1 placeholder kept. The English catalog holds the plural forms
// only ("1 row", "2 rows"), each with both forms.
class tst_Translations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void catalogIsComplete_data();
    void catalogIsComplete();
};

namespace {

struct Message
{
    QString context;
    QString source;
    QStringList translations;
    QString type;
    bool numerus = false;
};

QList<Message> readCatalog(const QString &path, QString *error)
{
    QList<Message> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == u"name") {
            context = xml.readElementText();
        } else if (name == u"message") {
            current = Message{context, {}, {}, {}};
        } else if (name == u"source") {
            current.source = xml.readElementText();
        } else if (name == u"translation") {
            current.type = xml.attributes().value(QLatin1String("type")).toString();
            bool numerus = false;
            QString text;
            while (!(xml.isEndElement() && xml.name() == u"translation") && !xml.atEnd()) {
                xml.readNext();
                if (xml.isStartElement() && xml.name() == u"numerusform") {
                    numerus = true;
                    current.translations.append(xml.readElementText());
                } else if (xml.isCharacters() && !numerus) {
                    text += xml.text();
                }
            }
            if (!numerus)
                current.translations.append(text);
            current.numerus = numerus;
            messages.append(current);
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression pattern(u"%(?:\\d+|n)"_s);
    QSet<QString> result;
    for (const QRegularExpressionMatch &match : pattern.globalMatch(text))
        result.insert(match.captured());
    return result;
}

} // namespace

void tst_Translations::catalogIsComplete_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("minimum");
    QTest::addColumn<bool>("pluralsOnly");
    QTest::newRow("zh_CN") << QStringLiteral(SQLMEND_SOURCE_DIR "/translations/sqlmend_zh_CN.ts")
                           << 50 << false;
    QTest::newRow("en") << QStringLiteral(SQLMEND_SOURCE_DIR "/translations/sqlmend_en.ts") << 20
                        << true;
}

void tst_Translations::catalogIsComplete()
{
    QFETCH(QString, path);
    QFETCH(int, minimum);
    QFETCH(bool, pluralsOnly);
    QString error;
    const QList<Message> messages = readCatalog(path, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(messages.size() >= minimum, qPrintable(QString::number(messages.size())));
    QStringList problems;
    for (const Message &message : messages) {
        const QString where = message.context + u": "_s + message.source.left(60);
        if (message.type == u"unfinished" || message.type == u"vanished"
            || message.type == u"obsolete")
            problems.append(message.type + u" — "_s + where);
        if (pluralsOnly && (!message.numerus || message.translations.size() != 2))
            problems.append(u"not two plural forms — "_s + where);
        for (const QString &translation : message.translations) {
            if (translation.trimmed().isEmpty())
                problems.append(u"empty — "_s + where);
            else if (placeholders(translation) != placeholders(message.source))
                problems.append(u"placeholders differ — "_s + where);
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 20).join(u'\n')));
}

QTEST_GUILESS_MAIN(tst_Translations)
#include "tst_translations.moc"
