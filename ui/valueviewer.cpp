#include "ui/valueviewer.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

ValueViewer::ValueViewer(QWidget *parent) : QDialog(parent)
{
    setObjectName(u"valueViewer"_s);
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    m_summary = new QLabel(this);
    m_summary->setAccessibleName(tr("Value summary"));
    m_summary->setWordWrap(true);
    m_mode = new QComboBox(this);
    m_mode->setAccessibleName(tr("Show the value as"));
    m_mode->addItem(tr("Text"), int(Mode::Text));
    m_mode->addItem(tr("JSON"), int(Mode::Json));
    m_mode->addItem(tr("Hex"), int(Mode::Hex));
    auto *modeLabel = new QLabel(tr("&Show as:"), this);
    modeLabel->setBuddy(m_mode);
    top->addWidget(m_summary, 1);
    top->addWidget(modeLabel);
    top->addWidget(m_mode);
    layout->addLayout(top);

    m_text = new QPlainTextEdit(this);
    m_text->setReadOnly(true);
    m_text->setAccessibleName(tr("Value"));
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(m_text, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_text->toPlainText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &ValueViewer::render);
    resize(640, 420);
}

void ValueViewer::setValue(const QVariant &value, const QString &where)
{
    m_value = value;
    setWindowTitle(tr("Value of %1").arg(where));
    Mode mode = Mode::Text;
    if (value.typeId() == QMetaType::QByteArray)
        mode = Mode::Hex;
    else if (!prettyJson(value.toString()).isEmpty())
        mode = Mode::Json;
    const QSignalBlocker blocker(m_mode);
    m_mode->setCurrentIndex(m_mode->findData(int(mode)));
    render();
}

ValueViewer::Mode ValueViewer::mode() const
{
    return Mode(m_mode->currentData().toInt());
}

void ValueViewer::setMode(Mode mode)
{
    m_mode->setCurrentIndex(m_mode->findData(int(mode)));
}

QString ValueViewer::shownText() const
{
    return m_text->toPlainText();
}

QString ValueViewer::prettyJson(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (!trimmed.startsWith(u'{') && !trimmed.startsWith(u'['))
        return {};
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(trimmed.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        return {};
    return QString::fromUtf8(document.toJson(QJsonDocument::Indented)).trimmed();
}

QString ValueViewer::hexDump(const QByteArray &bytes, qsizetype limit)
{
    static constexpr char digits[] = "0123456789abcdef";
    const qsizetype shown = std::min(bytes.size(), limit);
    QString out;
    out.reserve(shown / 16 * 78 + 80);
    for (qsizetype line = 0; line < shown; line += 16) {
        out += u"%1  "_s.arg(line, 8, 16, QChar(u'0'));
        QString characters;
        for (qsizetype i = line; i < line + 16; ++i) {
            if (i < shown) {
                const auto byte = uchar(bytes.at(i));
                out += QLatin1Char(digits[byte >> 4]);
                out += QLatin1Char(digits[byte & 0xf]);
                out += u' ';
                characters += byte >= 0x20 && byte < 0x7f ? QChar(char16_t(byte)) : QChar(u'.');
            } else {
                out += u"   "_s;
            }
            if (i == line + 7)
                out += u' ';
        }
        out += u' ' + characters + u'\n';
    }
    if (shown < bytes.size())
        out += tr("… %1 more bytes not shown").arg(QLocale().toString(bytes.size() - shown));
    return out;
}

void ValueViewer::render()
{
    const Mode shown = mode();
    QString text;
    QString summary;
    if (!m_value.isValid() || m_value.isNull()) {
        summary = tr("NULL: no value");
    } else if (m_value.typeId() == QMetaType::QByteArray) {
        const QByteArray bytes = m_value.toByteArray();
        summary = tr("Binary data, %n byte(s)", nullptr,
                     int(std::min<qsizetype>(bytes.size(), INT_MAX)));
        text = shown == Mode::Hex ? hexDump(bytes) : QString::fromUtf8(bytes);
    } else {
        const QString value = m_value.toString();
        summary = value.isEmpty() ? tr("An empty string")
                                  : tr("Text, %n character(s)", nullptr,
                                       int(std::min<qsizetype>(value.size(), INT_MAX)));
        if (shown == Mode::Json) {
            text = prettyJson(value);
            if (text.isEmpty()) {
                summary += u' ' + tr("(not valid JSON; shown as text)");
                text = value;
            }
        } else if (shown == Mode::Hex) {
            text = hexDump(value.toUtf8());
        } else {
            text = value;
        }
    }
    m_summary->setText(summary);
    m_text->setLineWrapMode(shown == Mode::Hex ? QPlainTextEdit::NoWrap
                                               : QPlainTextEdit::WidgetWidth);
    m_text->setPlainText(text);
}

} // namespace sqlmend::ui
