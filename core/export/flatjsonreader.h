#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringDecoder>

namespace sqlmend::core {

// Reads chosen fields of a flat JSON object straight from its bytes: strings, integers, booleans
// and null. JSON Lines input is mostly that, and a QJsonDocument per line costs more than the
// work done with it. read() returns false for anything else (a nested value, a number that is
// not a plain integer, bytes that are not UTF-8, any error); the caller then gives the line to
// QJsonDocument, which reads it or says why not. What read() takes, QJsonDocument reads the same
// (fuzz_flatjson checks this), the last of repeated keys winning.
class FlatJsonReader
{
public:
    enum class Kind { Absent, String, Integer, Other };
    struct Field
    {
        Kind kind = Kind::Absent;
        QString text; // a string's text, an integer's digits
    };

    explicit FlatJsonReader(QList<QString> keys);

    bool read(QByteArrayView line);
    const Field &field(qsizetype index) const { return m_fields.at(index); }

private:
    void skipSpace();
    bool take(char c);
    bool readValue(Field *target);
    bool readString(QString &value);
    bool decode(QByteArrayView bytes, bool ascii, QString &value);

    QList<QString> m_keys;
    QList<Field> m_fields;
    const char *m_at = nullptr;
    const char *m_end = nullptr;
    QString m_key;
    QString m_part;
    QStringDecoder m_decoder{QStringDecoder::Utf8, QStringDecoder::Flag::Stateless};
};

} // namespace sqlmend::core
