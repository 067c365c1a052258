#pragma once

#include <QDialog>
#include <QVariant>

class QComboBox;
class QLabel;
class QPlainTextEdit;

namespace sqlmend::ui {

// One cell's whole value, for values too long for the grid: as text (wrapped), as JSON
// pretty-printed when it is JSON, or as a hex dump (offsets, bytes, characters) for binary data.
// The view is chosen from the value and can be changed; the text can be selected and copied.
class ValueViewer : public QDialog
{
    Q_OBJECT

public:
    enum class Mode { Text, Json, Hex };
    // Hex dumps show at most this many bytes.
    static constexpr qsizetype maxHexBytes = 1 << 20;

    explicit ValueViewer(QWidget *parent = nullptr);

    // where: for the title ("name, row 12").
    void setValue(const QVariant &value, const QString &where);
    QVariant value() const { return m_value; }
    Mode mode() const;
    void setMode(Mode mode);
    QString shownText() const;

    // The views, also for tests: JSON pretty-printed (empty when the text is not JSON), hex.
    static QString prettyJson(const QString &text);
    static QString hexDump(const QByteArray &bytes, qsizetype limit = maxHexBytes);

private:
    void render();

    QVariant m_value;
    QComboBox *m_mode = nullptr;
    QLabel *m_summary = nullptr;
    QPlainTextEdit *m_text = nullptr;
};

} // namespace sqlmend::ui
