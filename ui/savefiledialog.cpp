#include "ui/savefiledialog.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

constexpr qsizetype maxFileNameLength = 60;

} // namespace

SaveFileDialog::SaveFileDialog(QWidget *parent, const QString &title) : QFileDialog(parent, title)
{
    setAttribute(Qt::WA_DeleteOnClose);
    setAcceptMode(QFileDialog::AcceptSave);
    setFileMode(QFileDialog::AnyFile);
    setDirectory(lastFolder());
    connect(this, &QFileDialog::filterSelected, this, [this] { applyName(); });
    connect(this, &QFileDialog::fileSelected, this, &SaveFileDialog::onAccepted);
}

void SaveFileDialog::addType(const QString &title, const QString &suffix)
{
    m_filters.append(tr("%1 (*.%2)").arg(title, suffix));
    m_suffixes.append(suffix);
    setNameFilters(m_filters);
    if (m_suffixes.size() == 1)
        selectType(0);
}

void SaveFileDialog::selectType(int index)
{
    if (index < 0 || index >= m_filters.size())
        return;
    selectNameFilter(m_filters.at(index));
    setDefaultSuffix(m_suffixes.at(index));
    applyName();
}

void SaveFileDialog::setSuggestedName(const QString &baseName)
{
    m_baseName = baseName;
    applyName();
}

void SaveFileDialog::setAcceptText(const QString &text)
{
    setLabelText(QFileDialog::Accept, text);
}

int SaveFileDialog::currentType() const
{
    const qsizetype index = m_filters.indexOf(selectedNameFilter());
    return index < 0 ? 0 : int(index);
}

void SaveFileDialog::applyName()
{
    const int type = currentType();
    if (type >= m_suffixes.size())
        return;
    setDefaultSuffix(m_suffixes.at(type));
    // The name typed so far keeps its stem; only its extension follows the type.
    QString stem = m_baseName;
    const QStringList selected = selectedFiles();
    if (!selected.isEmpty()) {
        const QFileInfo info(selected.constFirst());
        if (!info.fileName().isEmpty() && !info.isDir())
            stem = info.completeBaseName();
    }
    if (!stem.isEmpty())
        selectFile(stem + u'.' + m_suffixes.at(type));
}

void SaveFileDialog::onAccepted(const QString &path)
{
    if (path.isEmpty())
        return;
    const int type = currentType();
    QString chosenPath = path;
    if (type < m_suffixes.size()
        && !chosenPath.endsWith(u'.' + m_suffixes.at(type), Qt::CaseInsensitive))
        chosenPath += u'.' + m_suffixes.at(type);
    setLastFolder(QFileInfo(chosenPath).absolutePath());
    Q_EMIT chosen(chosenPath, type);
}

QString SaveFileDialog::fileNameFrom(const QString &text, const QString &fallback)
{
    QString name;
    bool dash = false;
    for (const QChar c : text) {
        if (c.isLetterOrNumber()) {
            if (dash && !name.isEmpty())
                name += u'-';
            name += c.toLower();
            dash = false;
        } else {
            dash = true;
        }
        if (name.size() >= maxFileNameLength)
            break;
    }
    return name.isEmpty() ? fallback : name;
}

QString SaveFileDialog::lastFolder()
{
    const QString folder = QSettings().value(u"ui/lastExportFolder"_s).toString();
    if (!folder.isEmpty() && QFileInfo(folder).isDir())
        return folder;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

void SaveFileDialog::setLastFolder(const QString &folder)
{
    QSettings().setValue(u"ui/lastExportFolder"_s, folder);
}

} // namespace sqlmend::ui
